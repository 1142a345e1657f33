/** The keyword index's public surface: the KeywordIndex port, its factory and module, the keyword query rules, the suggestions. */
export { buildKeywordIndexFiles, keywordIndexDir } from './build-index-files';
export { IndexSync, PAPERS_CHANGED_CHANNEL, PAPERS_REINDEX_CHANNEL } from './index-sync';
export { createKeywordIndex } from './keyword-index.factory';
export { createFrozenKeywordIndex, frozenIndexDir, type FrozenKeywordIndex } from './frozen-index';
export { keywordIndexModule } from './keyword-index.module';
export * from './keyword-index.port';
export * from './keyword-query';
export { BM25 } from './ranked-postings';
export { splitSuggestion, type SearchSuggestion } from './split-suggestion';
export { searchSuggestionSchema, SUGGESTION_KINDS, suggestionDescription } from './split-suggestion.schema';
export { SUBSET_SEARCH, subsetSuggestion } from './subset-suggestion';
export { facetCountsSchema } from './facets.schema';
export { RELATED_LIMITS, relatedQuerySchemaWith } from './related-query';
