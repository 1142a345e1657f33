import type { ApiKeyRecord, Plan } from '../../modules/api-keys';

/** A key's allowances per calendar window (UTC); an absent window has no limit. */
export interface Allowance {
  daily?: number;
  monthly?: number;
}

/** Spec 001 §8. Demo's daily limit and Paid's contract come from the key; Internal is unlimited. */
export const PLAN_ALLOWANCES: Readonly<Record<Plan, Allowance>> = {
  trial: { daily: 100 },
  demo: { daily: 200 },
  researcher: { monthly: 10_000 },
  paid: {},
  internal: {},
};

export function allowanceOf(key: Pick<ApiKeyRecord, 'plan' | 'daily_limit' | 'monthly_limit'>): Allowance {
  switch (key.plan) {
    case 'trial':
      return PLAN_ALLOWANCES.trial;
    case 'demo':
      return { daily: key.daily_limit ?? PLAN_ALLOWANCES.demo.daily };
    case 'researcher':
      return { monthly: key.monthly_limit ?? PLAN_ALLOWANCES.researcher.monthly };
    case 'paid':
      return { daily: key.daily_limit ?? undefined, monthly: key.monthly_limit ?? undefined };
    case 'internal':
      return {};
  }
}
