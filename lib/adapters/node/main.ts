import { backgroundFailed } from '../../background.ts';
import { SettingsError } from '../../settings.ts';
import { startServer } from './server.ts';

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
