import { responseCacheModule } from '../shared/cache/response-cache.module';
import { databaseModule } from '../shared/db/database.module';
import { keywordIndexModule } from '../shared/keyword-index/keyword-index.module';
import { papersModule } from '../shared/papers/papers.module';
import { redisModule } from '../shared/redis/redis.module';
import type { ModuleDefinition } from '../shared/runtime/module';
import { apiKeysModule } from '../shared/api-keys/api-keys.module';
import { vectorSearchModule } from '../shared/vector-index/vector-search.module';
import { companyDataModule } from './company-data/module';
import { eventsKeysModule } from './events-keys/module';
import { semanticSearchModule } from './semantic-search/module';
import { ingestWorkerModule } from './ingest-worker/module';
import { gatewayModule } from './gateway/module';
import { indexerModule } from './indexer/module';
import { publicSearchModule } from './public-search/module';

/** Every module of the program, infrastructure and services alike. */
export const MODULES: ReadonlyMap<string, ModuleDefinition> = new Map(
  [databaseModule, redisModule, papersModule, keywordIndexModule, vectorSearchModule, responseCacheModule, apiKeysModule, publicSearchModule, eventsKeysModule, companyDataModule, semanticSearchModule, ingestWorkerModule, indexerModule, gatewayModule].map(
    (m) => [m.name, m as ModuleDefinition],
  ),
);

/** What `--target` accepts: `all` runs every service in one process; a service name runs just that one. */
export const TARGETS: Readonly<Record<string, string[]>> = {
  all: ['gateway', 'public-search', 'events-keys', 'company-data', 'semantic-search', 'ingest-worker', 'indexer'],
  gateway: ['gateway'],
  'public-search': ['public-search'],
  'events-keys': ['events-keys'],
  'company-data': ['company-data'],
  'semantic-search': ['semantic-search'],
  // The indexer runs beside the ingest worker; any number of replicas, one leads (leader lock).
  'ingest-worker': ['ingest-worker', 'indexer'],
};

/** The targets and modules a `--target` value names. */
export interface ResolvedTargets {
  /** The named targets, deduplicated, in the order given. */
  targets: string[];
  /** The union of their modules (services only; infrastructure follows from their dependencies). */
  modules: string[];
}

/**
 * Parses `--target`: one target or a comma-separated list (`gateway,public-search`), like Loki's
 * `-target`; the process runs the union of their modules. `all` may only appear alone. Throws one
 * line naming the problem and the valid targets.
 */
export function resolveTargets(spec: string): ResolvedTargets {
  const valid = `valid targets: ${Object.keys(TARGETS).join(', ')} (or a comma-separated list of them, e.g. gateway,public-search)`;
  const items = spec.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new Error(`--target "${spec}" has an empty item; ${valid}`);
  const unknown = items.filter((s) => !Object.hasOwn(TARGETS, s));
  if (unknown.length > 0) throw new Error(`unknown target${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `"${s}"`).join(', ')} in --target "${spec}"; ${valid}`);
  const targets = [...new Set(items)];
  if (targets.includes('all') && targets.length > 1) throw new Error(`--target "${spec}": "all" already runs every target, give it alone; ${valid}`);
  const modules = [...new Set(targets.flatMap((t) => TARGETS[t]!))];
  return { targets, modules };
}
