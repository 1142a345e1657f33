import { responseCacheModule } from '../shared/cache/response-cache.module';
import { databaseModule } from '../shared/db/database.module';
import { keywordIndexModule } from '../modules/keyword-index';
import { papersModule } from '../modules/papers';
import { releasesModule } from '../modules/releases';
import { redisModule } from '../shared/redis/redis.module';
import type { ModuleDefinition } from '../shared/runtime/module';
import { apiKeysModule } from '../modules/api-keys';
import { vectorSearchModule } from '../modules/vector-index';
import { companyDataModule } from './company-data';
import { eventsKeysModule } from './events-keys';
import { semanticSearchModule } from './semantic-search';
import { paperChangesModule } from './paper-changes';
import { ingestWorkerModule } from './ingest-worker';
import { gatewayModule } from './gateway';
import { indexerModule } from './indexer';
import { publicSearchModule } from './public-search';
import { publicSiteModule } from './public-site';

/** Every module of the program, infrastructure and services alike. */
export const MODULES: ReadonlyMap<string, ModuleDefinition> = new Map(
  [databaseModule, redisModule, papersModule, keywordIndexModule, releasesModule, vectorSearchModule, responseCacheModule, apiKeysModule, publicSearchModule, publicSiteModule, companyDataModule, semanticSearchModule, paperChangesModule, eventsKeysModule, ingestWorkerModule, indexerModule, gatewayModule].map(
    (m) => [m.name, m as ModuleDefinition],
  ),
);

/** What `--target` accepts: `all` runs every service in one process; a service name runs just that one. */
export const TARGETS: Readonly<Record<string, string[]>> = {
  all: ['gateway', 'public-search', 'public-site', 'events-keys', 'company-data', 'semantic-search', 'paper-changes', 'ingest-worker', 'indexer'],
  gateway: ['gateway'],
  // The site runs beside the search API: the same Deployment and Service serve both.
  'public-search': ['public-search', 'public-site'],
  'events-keys': ['events-keys'],
  'company-data': ['company-data'],
  // The papers' change feed runs beside the data API's paper search: the same Deployment and Service.
  'semantic-search': ['semantic-search', 'paper-changes'],
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
