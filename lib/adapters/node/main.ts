import { SettingsError } from '../../settings.ts';
import { startServer } from './server.ts';

try {
  const running = await startServer({ env: process.env });
  const stop = (signal: string) => {
    process.stdout.write(`belief-store: ${signal} received, finishing in-flight requests\n`);
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (err) {
  if (err instanceof SettingsError) {
    process.stderr.write(`belief-store: refusing to start: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
