import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { ModuleDefinition } from '../../shared/runtime/module';
import { publicRateLimit } from './public-rate-limit';

export interface Gateway {
  /** The per-client-IP limiter of the public door, or undefined when turned off. */
  publicRateLimit?: RequestHandler;
}

/** The front doors (routing, CORS, per-IP limits, error shape); the process assembles them around the routes. */
export const gatewayModule: ModuleDefinition<Gateway> = {
  name: 'gateway',
  dependsOn: ['redis'],
  async init({ config, logger, get }) {
    return {
      value: {
        publicRateLimit: publicRateLimit({
          perMinute: config.publicRateLimit.perMinute,
          burst: config.publicRateLimit.burst,
          redis: get<Redis | undefined>('redis'),
          logger,
        }),
      },
    };
  },
};
