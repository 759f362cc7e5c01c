import { backgroundFailed } from '../../background.ts';
import { SettingsError } from '../../settings.ts';
import { startServer } from './server.ts';

/** API.md §1: the process exits within 10 s of the first signal; the drain (listen.ts) ends streams at 8 s. */
const EXIT_WITHIN_MS = 9500;

try {
  const running = await startServer({ env: process.env });
  // The last guard, once serving: a rejection no code handled is logged and counted rather than
  // ending the process (every background path has its own error path: lib/background.ts).
  process.on('unhandledRejection', (reason) => backgroundFailed(running.deps.platform.log, 'unhandled_rejection', reason, 'unhandled_rejection'));
  // npm (`exec node …`, so npm's own forwarding reaches this process) and a process-group signal
  // (Ctrl-C, systemd) may both deliver one: the first starts the drain, later ones change nothing.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`belief-store: ${signal} received, finishing in-flight requests\n`);
    // Whatever the close still waits for (a database that does not answer), the process ends in time.
    setTimeout(() => {
      process.stderr.write(`belief-store: shutdown did not finish within ${EXIT_WITHIN_MS / 1000} s of ${signal}; exiting\n`);
      process.exit(1);
    }, EXIT_WITHIN_MS).unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (err) {
  if (err instanceof SettingsError) {
    process.stderr.write(`belief-store: refusing to start: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
