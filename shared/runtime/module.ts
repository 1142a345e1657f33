import type { Router } from 'express';
import type { Config } from '../config/config';
import type { ReadinessCheck } from '../http/health.routes';
import type { Logger } from '../logging/logger';

/** Which front door a route is served on. */
export type Door = 'public' | 'api';

export interface RouteMount {
  door: Door;
  router: Router;
}

/** Paths a service answers on a door, declared up front so a gateway can proxy them when the service runs elsewhere. */
export interface ServedPaths {
  door: Door;
  /** Each path with what lies below it (`/papers` → `/papers/p_1.bib`); `/` stands for the root alone. */
  paths: string[];
  /** Where the service listens when it runs in its own process. */
  remoteUrl: (config: Config) => string;
}

export interface ModuleInstance<T = unknown> {
  value?: T;
  routes?: RouteMount[];
  ready?: ReadinessCheck;
  /** `ready` checks a backend every replica shares: a fault degrades this replica, it is still ready (see /readyz). */
  sharedBackend?: boolean;
  close?: () => Promise<void>;
}

export interface ModuleContext {
  config: Config;
  logger: Logger;
  /** The value of a module this one depends on. */
  get<T>(name: string): T;
  /** The names of every module running in this process. */
  running: ReadonlySet<string>;
}

/**
 * A named part of the program (like a Grafana Loki module): infrastructure (`database`, `redis`)
 * or a service (`public-search`, `gateway`). A target is a set of modules; dependencies are
 * started first and closed last.
 */
export interface ModuleDefinition<T = unknown> {
  name: string;
  dependsOn: string[];
  serves?: ServedPaths[];
  init(ctx: ModuleContext): Promise<ModuleInstance<T>>;
}
