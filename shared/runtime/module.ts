import type { Router } from 'express';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { AgentTool } from '../agents/agent-tool';
import type { Config } from '../config/config';
import type { ReadinessCheck } from '../http/health.routes';
import type { Logger } from '../logging/logger';
import type { ShutdownContext } from './shutdown';

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
  /**
   * The service also answers every path nothing else serves when a browser asks for a page (its
   * HTML 404): a gateway forwards such requests to it last, after every other route of the door.
   */
  pagesForBrowsers?: boolean;
}

export interface ModuleInstance<T = unknown> {
  value?: T;
  routes?: RouteMount[];
  ready?: ReadinessCheck;
  /** `ready` checks a backend every replica shares: a fault degrades this replica, it is still ready (see /readyz). */
  sharedBackend?: boolean;
  /**
   * Releases what the module holds. During a `gx start` shutdown it is told the deadline
   * (SHUTDOWN_GRACE_SECONDS): a close still running then is abandoned (logged) and the process
   * exits, so a close must leave nothing that a later start cannot recover from (write snapshots
   * atomically, and save while running rather than only here).
   */
  close?: (shutdown?: ShutdownContext) => Promise<void>;
}

export interface ModuleContext {
  config: Config;
  logger: Logger;
  /** The value of a module this one depends on, typed by its definition. */
  get<T>(module: ModuleDefinition<T>): T;
  /** The names of every module running in this process. */
  running: ReadonlySet<string>;
}

/**
 * A named part of the program (like a Grafana Loki module): infrastructure (`database`, `redis`)
 * or a service (`public-search`, `gateway`). A target is a set of modules; dependencies are
 * started first and closed last.
 */
/**
 * What a module adds to a door's shared documents and agent surface. The gateway assembles the
 * door's OpenAPI document, MCP tools and llms.txt from every module's contribution, in registry
 * order, without importing any module — also for modules running in another process.
 */
export interface DoorContribution {
  /** Operations for the door's OpenAPI document (the data-API door's is assembled from these). */
  openApiPaths?: () => ZodOpenApiPathsObject;
  openApiTags?: { name: string; description: string }[];
  /** MCP tools: thin adapters over this module's GET endpoints. */
  tools?: readonly AgentTool[];
  /** llms.txt lines by section title (the gateway orders the sections and adds its own). */
  llmsTxt?: (config: Config) => Record<string, string[]>;
  /** Requests that count for more than one of a key's allowance (the data-API door): each route's own rule. */
  requestCosts?: readonly RequestCost[];
}

/**
 * How many requests of a key's allowance one request to a route counts for, when it is not one:
 * declared by the module that owns the route, applied by the gateway before the request is routed
 * (in this process or another), so the allowance is charged whole and atomically like any request's.
 */
export interface RequestCost {
  method: 'POST';
  /** The route's path, as its router declares it (the gateway matches it by the same routing). */
  path: string;
  /** The largest body the route reads (its `jsonObjectBody` limit): the gateway reads the body ahead to weigh it. */
  bodyLimit: string;
  /**
   * The count, at least 1, from the JSON body (undefined when it is not JSON). A body the route will
   * refuse counts 1, as any refused request does.
   */
  units(body: unknown): number;
}

export interface ModuleDefinition<T = unknown> {
  name: string;
  dependsOn: string[];
  serves?: ServedPaths[];
  contributes?: Partial<Record<Door, DoorContribution>>;
  init(ctx: ModuleContext): Promise<ModuleInstance<T>>;
}

/** Every module's contribution to a door, in the order the modules are given (the registry's). */
export const contributionsTo = (door: Door, modules: readonly ModuleDefinition[]): DoorContribution[] =>
  modules.flatMap((m) => (m.contributes?.[door] ? [m.contributes[door]] : []));
