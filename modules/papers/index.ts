/** The papers module's public surface: storage of the paper record (the source of truth), its change log, loading and input rules, reads of the citation graph. */
export * from './change-log';
export { lenientField, normalizeDoi, parsePaperInput, titleKey, validOrNull, type PaperInput } from './paper-input';
export { loadPapers, type LoadReport } from './paper-loader';
export { PaperRepository, type NewPaper, type UpsertOutcome } from './paper.repository';
export { MAX_CITING_PAPERS, MAX_REFERENCE_CITERS, PaperNeighboursRepository, type GraphNeighbour, type RelatedGraphReads } from './paper-neighbours.repository';
export { conditions as neighbourConditions, placeholder as sqlPlaceholder, pool as neighbourPool } from './neighbour-filters';
export { papersModule } from './papers.module';
export { canonicalWorkRef, normalizeOpenAlexId } from './work-ref';
export { PAPER_ID, paperPathSchema } from './paper-path';
export { PaperGraphRepository, type CitedByKey, type GraphCounts, type KeysetPage, type PaperReference } from './paper-graph.repository';
export { PaperGraphPages, type GraphReads } from './paper-graph.pages';
export * from './paper-batch';
export * from './paper-graph.params';
export * from './paper-graph.schema';
export * from './paper-graph.agents';
export { readPapersWithEdges, type PaperWithEdges, type StoredEdge } from './paper-snapshot';
export { AS_OF_TOOL_PARAM, asOfParam, asOfQuerySchema, RELEASE_ID } from './as-of-param';
