import { z } from 'zod';

/** API keys of the data API: plans, states and the authenticated caller (spec 001 §5, §8; DESIGN §5). */

export const PLANS = ['trial', 'demo', 'researcher', 'paid', 'internal'] as const;
export type Plan = (typeof PLANS)[number];

/** pending → active (approved) or rejected; active → revoked or expired. Only active keys are served. */
export const KEY_STATUSES = ['pending', 'active', 'rejected', 'revoked', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

const orNull = <T extends z.ZodType>(schema: T) => schema.nullable();
const timestamp = z.string().meta({ format: 'date-time' });

/** A key as the admin API shows it (never the key itself, only its hint). Times are ISO 8601 UTC. */
export const apiKeySchema = z
  .object({
    id: z.string().meta({ description: 'Public, non-secret key id.', example: 'key_Abc123xyz_-0' }),
    plan: z.enum(PLANS),
    status: z.enum(KEY_STATUSES),
    // Per-key allowances: the Demo plan's adjustable daily limit, the Paid plan's contract.
    daily_limit: orNull(z.int().min(0)),
    monthly_limit: orNull(z.int().min(0)),
    key_hint: z.string().meta({ description: 'The prefix and the last four characters.' }),
    email: orNull(z.string()),
    name: orNull(z.string()),
    organization: orNull(z.string()),
    purpose: orNull(z.string()),
    expires_at: orNull(timestamp),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ApiKey' });

export type ApiKeyRecord = z.output<typeof apiKeySchema>;

/** The caller of an authenticated data-API request. */
export interface ApiCaller {
  keyId: string;
  plan: Plan;
  /** Internal-plan keys may read every event status and use the admin endpoints. */
  internal: boolean;
  /**
   * Requests of its allowance the key has left after this one, in its tightest window; absent for a
   * key without an allowance (Internal, Paid without limits). A route whose answer costs more than one
   * request (`X-Request-Cost`) sizes its answer by it, so the answer does not pass the allowance.
   */
  allowanceLeft?: number;
}

declare module 'http' {
  interface IncomingMessage {
    /** Set by the gateway once the Bearer key is verified; absent on unauthenticated routes. */
    apiCaller?: ApiCaller;
  }
}
