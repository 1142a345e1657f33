import { environmentSchema } from '../../shared/config/config';
import type { GxSetting } from './gx-server';

/**
 * `--hybrid-weights=0.3,0.5,0.7`: the lexical shares the relevance bench asks hybrid mode at, each
 * held to HYBRID_LEXICAL_WEIGHT's own rule (the configuration schema's), in the order given, without
 * repeats. Absent: none. Throws naming the bad value.
 */
export function parseHybridWeights(text: string | undefined): number[] {
  if (text === undefined) return [];
  const weights: number[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const parsed = environmentSchema.shape.HYBRID_LEXICAL_WEIGHT.safeParse(part);
    if (!parsed.success || parsed.data === undefined) {
      throw new Error(`--hybrid-weights: ${JSON.stringify(part)} is not a number from 0 to 1 (HYBRID_LEXICAL_WEIGHT's rule); e.g. --hybrid-weights=0.3,0.5,0.7`);
    }
    if (!weights.includes(parsed.data)) weights.push(parsed.data);
  }
  return weights;
}

/** The server setting of one weight of the sweep (it replaces any HYBRID_LEXICAL_WEIGHT of the environment). */
export const hybridWeightSetting = (weight: number): GxSetting => ({
  name: 'HYBRID_LEXICAL_WEIGHT',
  value: String(weight),
  why: '--hybrid-weights: hybrid mode asked again at this lexical share',
});
