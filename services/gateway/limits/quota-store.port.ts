/**
 * Counters of requests per key and calendar window: the plan allowances' store. It only counts; the
 * windows (quota-windows.ts) and the allowances (plan-allowance.ts) are QuotaCounter's, so one store
 * serves every key's limits.
 */
export interface QuotaStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /**
   * Adds one (or `amount`: a request that costs more) to `counter` and resolves with its count, this request included. Atomic, across replicas
   * for a shared store: of N concurrent increments each sees a different count, and the last sees N.
   * A new counter starts at one and is forgotten `ttlSeconds` later. Rejects when the store fails:
   * an allowance is never guessed (the gateway answers 503).
   */
  increment(counter: string, ttlSeconds: number, amount?: number): Promise<number>;
  /** Takes one back (a refused request, or one answered with a 5xx, is not charged). */
  decrement(counter: string): Promise<void>;
}
