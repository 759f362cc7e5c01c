import { backgroundFailed } from '../../background.ts';
import { SettingsError } from '../../settings.ts';
import { startServer } from './server.ts';

/** API.md §1: the process exits within 10 s of the first signal; the drain (listen.ts) ends streams at 8 s. */
const EXIT_WITHIN_MS = 9500;

try {
  const running = await startServer({ env: process.env });
  const { log } = running.deps.platform;
  // The last guard, once serving: a rejection no code handled is logged and counted rather than
  // ending the process (every background path has its own error path: lib/background.ts).
  process.on('unhandledRejection', (reason) => backgroundFailed(log, 'unhandled_rejection', reason, 'unhandled_rejection'));
  // npm (`exec node …`, so npm's own forwarding reaches this process) and a process-group signal
  // (Ctrl-C, systemd) may both deliver one: the first starts the drain, later ones change nothing.
  let stopping = false;
  const stop = (cause: string, exitCode: 0 | 1) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`belief-store: ${cause}, finishing in-flight requests\n`);
    // Whatever the close still waits for (a database that does not answer), the process ends in time.
    setTimeout(() => {
      process.stderr.write(`belief-store: shutdown did not finish within ${EXIT_WITHIN_MS / 1000} s of ${cause}; exiting\n`);
      process.exit(1);
    }, EXIT_WITHIN_MS).unref();
    running.close().then(
      () => process.exit(exitCode),
      () => process.exit(1),
    );
  };
  // A throw that reached no handler (a timer, a socket or stream callback) left some state half
  // changed, and which is unknown: logged, then the same drain as SIGTERM and exit code 1, so the
  // supervisor starts a clean process while requests in flight still finish.
  process.on('uncaughtException', (err) => {
    backgroundFailed(log, 'uncaught_exception', err, 'uncaught_exception');
    stop('uncaught exception', 1);
  });
  process.on('SIGTERM', () => stop('SIGTERM received', 0));
  process.on('SIGINT', () => stop('SIGINT received', 0));
} catch (err) {
  if (err instanceof SettingsError) {
    process.stderr.write(`belief-store: refusing to start: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
