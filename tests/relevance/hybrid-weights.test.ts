import { parseHybridWeights } from '../../bench/support/relevance-weights';

/** The relevance bench's `--hybrid-weights=W[,W…]`: HYBRID_LEXICAL_WEIGHT's rule, each weight once, in the order given. */
describe('--hybrid-weights', () => {
  it('reads the lexical shares to ask hybrid mode at', () => {
    expect(parseHybridWeights(undefined)).toEqual([]);
    expect(parseHybridWeights('0.3, 0.5,0.7,0.5,1,0')).toEqual([0.3, 0.5, 0.7, 1, 0]);
  });

  it.each(['1.5', '-0.1', 'half', '', '0.3,,0.5'])('refuses %j, naming the value and the rule', (text) => {
    expect(() => parseHybridWeights(text)).toThrow(/^--hybrid-weights: ".*" is not a number from 0 to 1 \(HYBRID_LEXICAL_WEIGHT's rule\)/);
  });
});
