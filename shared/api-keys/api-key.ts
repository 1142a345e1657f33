/** API keys of the data API: plans, states and the authenticated caller (spec 001 §5, §8; DESIGN §5). */

export const PLANS = ['trial', 'demo', 'researcher', 'paid', 'internal'] as const;
export type Plan = (typeof PLANS)[number];

/** pending → active (approved) or rejected; active → revoked or expired. Only active keys are served. */
export const KEY_STATUSES = ['pending', 'active', 'rejected', 'revoked', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export interface ApiKeyRecord {
  /** Public, non-secret identifier used by operators (`key_…`). */
  id: string;
  plan: Plan;
  status: KeyStatus;
  /** Per-key allowances: the Demo plan's adjustable daily limit, the Paid plan's contract. */
  daily_limit: number | null;
  monthly_limit: number | null;
  /** The prefix and the last four characters, so operators can recognise a key without holding it. */
  key_hint: string;
  email: string | null;
  name: string | null;
  organization: string | null;
  purpose: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The caller of an authenticated data-API request. */
export interface ApiCaller {
  keyId: string;
  plan: Plan;
  /** Internal-plan keys may read every event status and use the admin endpoints. */
  internal: boolean;
}

declare module 'http' {
  interface IncomingMessage {
    /** Set by the gateway once the Bearer key is verified; absent on unauthenticated routes. */
    apiCaller?: ApiCaller;
  }
}
