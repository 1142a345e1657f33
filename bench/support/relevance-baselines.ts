/** The rows every query set starts with: the baselines each mode is set against (the best of them, per set). */
export const BASELINES = { bm25: 'BM25 (any term)', stemmed: 'BM25, stemmed', lexical: 'lexical side alone' } as const;
