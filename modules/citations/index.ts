/** Citations: a paper's BibTeX, RIS and CSL-JSON (its page's downloads), and a list of papers as one citation file (a page of search results). */
export { BIBTEX_CONTENT_TYPE, citationKey, escapeBibtex, toBibtex } from './bibtex';
export { RIS_CONTENT_TYPE, toRis } from './ris';
export { CSL_JSON_CONTENT_TYPE, toCslItem, toCslJson } from './csl-json';
export { asciiFold, citationFileName, citationSourceOf, dateParts, mainTitle, pageAsOf, plainCitation, releaseNote, type CitationSource } from './citation-source';
export { CITATION_FILES, CITATION_FORMATS, citationList, isCitationFormat, uniqueKeys, type CitationFormat } from './citation-list';
export * from './page-formats';
export { pageDownload, type PageDownload } from './page-download';
