import { NodeWorld } from '../../lib/adapters/node/world.ts';
import type { Database } from '../../lib/db/database.ts';
import type { Platform } from '../../lib/deps.ts';
import { withServices, type AppDeps } from '../../lib/services.ts';
import { parseSettings } from '../../lib/settings.ts';

/** The app's dependencies over one database in this process, with no server: what the recall benches drive directly. */
export function inProcessDeps(database: Database, platform: Partial<Platform> = {}): AppDeps {
  const deps: AppDeps = withServices({
    settings: parseSettings({ SERVICE_MODE: 'single' }),
    database,
    db: database.db,
    atomic: database.atomic,
    platform: { peerAddress: () => null, background: () => undefined, log: () => undefined, ...platform },
    masterKey: null,
    now: () => new Date(),
    world: new NodeWorld(() => deps),
  });
  return deps;
}
