import type { Config } from '../../shared/config/config';
import type { Readiness } from '../../shared/http/health.routes';
import type { Logger } from '../../shared/logging/logger';
import type { ModuleDefinition, RouteMount } from '../../shared/runtime/module';
import type { Gateway } from './module';

/** What a front door is assembled from: the gateway's policies and the routes of the process's services. */
export interface DoorDeps {
  config: Config;
  logger: Logger;
  gateway: Gateway;
  /** Routes of the services running in this process. */
  local: RouteMount[];
  /** Every module of the program, for the routes of services running elsewhere. */
  modules: ModuleDefinition[];
  running: ReadonlySet<string>;
  readiness: () => Record<string, Readiness>;
}
