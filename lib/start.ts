import type { Deps } from './deps.ts';
import { applyDeploymentRootToken } from './auth/root-token.ts';
import { requireProxySecret, SettingsError } from './settings.ts';
import { startupWarnings } from './startup-notes.ts';
import { unreadableProviderKeys } from './stores/config.ts';
import { indexPendingBeliefs } from './world/recall/reindex.ts';

/** Beliefs indexed per atomic batch when start-up indexes them all. */
const REINDEX_BATCH = 5000;

/**
 * How the runtime differs at start-up. The runtimes differ on purpose in three ways: only a runtime
 * that sees the socket peer (Node) may trust the identity header by address, so workerd needs the
 * proxy secret in teams mode; workerd cannot tell where its master key came from (the launcher
 * hands master.key over as SERVICE_ENCRYPTION_KEY), so its refusal names no source; and a worker
 * request may run only so many queries, so there beliefs are indexed at search time instead.
 */
export interface StartChecks {
  /** The deployment's root token (SERVICE_API_TOKEN, or the one generated in the data dir); null where there is none. */
  rootToken: string | null;
  /** Whether the runtime sees the socket peer (Platform.peerAddress is never null). */
  seesPeer: boolean;
  /** Where the master key came from, named when it cannot open the stored provider keys. */
  masterKeySource?: string;
  /**
   * Indexes every belief stored without search terms before serving, telling its progress; without
   * it they are indexed at search time, a bounded batch a request (lib/world/recall/retrieval.ts).
   */
  reindex?: { say(message: string): void };
}

/**
 * What every runtime checks once before it serves: the settings that refuse to serve, the
 * deployment's root token, beliefs still to index for search, and a master key able to open the
 * stored provider keys. Answers the start-up warnings, for the runtime to print beside its
 * start-up line; throws SettingsError naming the variable.
 */
export async function checkStart(deps: Pick<Deps, 'settings' | 'db' | 'atomic' | 'masterKey'>, checks: StartChecks): Promise<string[]> {
  const { settings, db, atomic, masterKey } = deps;
  if (!checks.seesPeer) requireProxySecret(settings);
  if (checks.rootToken) await applyDeploymentRootToken(db, atomic, checks.rootToken);
  if (checks.reindex) {
    const { say } = checks.reindex;
    const indexed = await indexPendingBeliefs(deps, {
      batch: REINDEX_BATCH,
      progress: (done) => done % 100_000 === 0 && say(`belief-store: indexing beliefs for search, ${done} so far`),
    });
    if (indexed) say(`belief-store: indexed ${indexed} beliefs for search`);
  }
  const unreadable = masterKey ? await unreadableProviderKeys(db, masterKey) : [];
  if (unreadable.length > 0) {
    const source = checks.masterKeySource ? ` (${checks.masterKeySource})` : '';
    const providers = unreadable.map((id) => `"${id}"`).join(', ');
    throw new SettingsError(
      `SERVICE_ENCRYPTION_KEY: the master key${source} cannot open the stored key of provider ${providers}; start with the key they were stored with`,
    );
  }
  return startupWarnings(settings);
}
