// Generated from the public door's OpenAPI document (`gx openapi public`) with openapi-typescript by clients/typescript/scripts/generate-types.mjs: do not edit.
// Regenerate with `npm run client:generate` at the repository root.
export interface paths {
    "/api/v1/papers/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search papers by keyword
         * @description Returns one page of papers matching every term of q, most relevant first: as JSON, or (`format`, or `Accept`) as a citation file (BibTeX, RIS, CSL-JSON) or CSV of the same page. This door answers pages only; taking a whole match set away is bulk access, outside its fair use (the data API's `GET /api/v1/papers/export` streams one, under a key).
         */
        get: operations["searchPapers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One paper by id
         * @description The same Paper object a search returns in `results`, read from the paper store (found as soon as it is stored, before the search index catches up).
         */
        get: operations["getPaper"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Papers by a list of ids, DOIs or OpenAlex work ids
         * @description Up to 50 papers in one request, answered in the order asked: `results` has one entry per id given, the same Paper object a search returns, or null when no paper has that id. An id is a paper id, a DOI as `doi:10.…` (the prefix in any case; the DOI compared as stored, without resolver prefix and in lower case) or an OpenAlex work id as `openalex:W…`. Several records of one work may carry one OpenAlex work id (a preprint and its journal version): the one with the smallest id answers, as a reference to that work id resolves. A bare `W…` is read as a paper id. A repeated id (or two spellings of one DOI) is answered at each of its positions and looked up once. An id of none of the three forms is a 400 `invalid_ids` naming its positions (`invalid_positions`, from 0): a malformed id is a mistake to fix, while a well-formed id that names nothing is a null. One request of the per-IP fair use, whatever the number of ids; more than 50 is a 400 `too_many_ids` (the data API takes more). Read from the paper store (with `as_of`, the papers as that release held them); not cached.
         */
        post: operations["getPapers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/{id}/references": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A paper's references
         * @description The works the paper cites, in its own order: each the cited paper's record (the search's Paper) when it is in this corpus, else an external reference `{ doi, openalex_id }` as the paper gave it. `total` is the paper's `references_count`. Paged by `cursor`: `*` (or absent) for the first page, then each answer's `next_cursor` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. `limit` 1–100, default 25. Read from the paper store, so a new edge shows at once (the edge cache may keep a page for 60 seconds).
         */
        get: operations["getPaperReferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/{id}/cited-by": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The papers citing a paper
         * @description The papers of this corpus citing the paper, newest first (publication year descending, papers without a year last, then id), each once, as the search's Paper records. `total` is the paper's `cited_by_corpus_count` (a record's `cited_by_count` is its source's count over all literature). Paged by `cursor`: `*` (or absent) for the first page, then each answer's `next_cursor` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. `limit` 1–100, default 25. Read from the paper store, so a new edge shows at once (the edge cache may keep a page for 60 seconds).
         */
        get: operations["getPaperCitedBy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/{id}/related": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Papers related to one paper
         * @description Papers like this one by their words, from the keyword index: a "more like this" query built from the paper's titles, tags and topic (its at most 12 most distinctive terms: count × idf, among terms another paper holds too), ranked by BM25 over titles (counted five times), tags and topic, abstracts and summaries, with the filters applied inside the ranking. Never the paper itself nor another version of it (the same `work_id`, or listed in its `versions`); each other work once, by its best-ranked version. The data API adds vector neighbours and the citation graph (bibliographic coupling, co-citation) to this. Right after a start the ranked index is still being prepared: 503 `ranking_unavailable` with Retry-After, while the search answers. Cached like the search.
         */
        get: operations["getRelatedPapers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dataset releases, newest first
         * @description The dataset releases still kept, newest first. A release is a named, immutable state of the corpus, cut by the daily ingest once its run has ended (and by the operator after a load): its id is the UTC date of the cut (`2026-11-28`, then `2026-11-28.2` for a second cut that day); the first release kept the name the corpus was cited by before releases.
         *
         *     Every answer about papers carries `X-Dataset-Version`: the release it was given as of (`as_of`), or, without `as_of`, the latest release, followed by `+unreleased` when papers changed since it was cut (the answer then holds changes no release holds yet: cite the answer with `as_of` set to get one that can be had again).
         *
         *     Pass a release id as `as_of` to the keyword search, a paper, its references or its cited-by (both doors) to get the answer as of that release, byte for byte the same for as long as the release is kept: a release is kept for `retention_days` after the next one is cut (`kept_until`); after that `as_of` it is 410 `release_expired`.
         */
        get: operations["listReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/papers.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An Atom feed of the newest papers matching a search
         * @description Atom 1.0 (RFC 4287): the 20 newest papers (publication year descending) matching q, with topic and lang as in the search; each entry is a paper's page, its authors, topic and tags, and its summary. For feed readers following a topic; cached like the search.
         */
        get: operations["getPapersFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SearchResponse: {
            /**
             * @description Lets a client detect future breaking changes.
             * @constant
             */
            api_version: "v1";
            /** @description Echo of q; `""` for a search by author alone (no q). */
            query: string;
            /** @description Echo of the topic filter; null when absent. */
            topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /**
             * @description Echo of the language filter; `all` when absent.
             * @enum {string}
             */
            lang: "ja" | "en" | "all";
            /** @description Matching papers before limit and offset apply (matching works with `collapse=versions`). */
            total: number;
            /** @description Records in this response. */
            count: number;
            /** @description The applied limit. */
            limit: number;
            /** @description The applied offset. */
            offset: number;
            results: components["schemas"]["Paper"][];
            /** @description With `cursor`: pass it as `cursor` for the next page; absent on the last page. */
            next_cursor?: string;
            facets?: components["schemas"]["FacetCounts"];
            /** @description Present only when `total` is 0. `kind` `split`: q holds a run of two or more Japanese or Chinese characters (Han, hiragana, katakana) without spaces, and q split into words by a dictionary word segmenter (particles, function words and punctuation dropped; other terms kept; at most 5 terms of at least 2 characters) differs from q and matches papers with the same filters. Terms are matched as substrings and AND-combined, so an unspaced phrase must appear verbatim. `total` and the records are always those of q as sent. */
            suggestion?: components["schemas"]["SearchSuggestion"];
        };
        Paper: {
            /** @description Stable, opaque paper identifier (derived from the paper's identity: its DOI when it has one). */
            id: string;
            /** @description Title in its original language. */
            title: string | null;
            /** @description Japanese title, AI-translated when needed. */
            title_ja: string | null;
            /** @description English title, AI-translated when needed. */
            title_en: string | null;
            /** @description Author display names. */
            authors: string[];
            /** @description Publication year. */
            year: number | null;
            /** @description AI summary (English preferred) or the original abstract, at most 600 characters (a shortened text ends with "…"). */
            abstract: string | null;
            /**
             * Format: uri
             * @description Address of the paper's page on the service.
             */
            url: string;
            /**
             * Format: uri
             * @description The DOI link when a DOI exists, otherwise the source URL, otherwise the service's paper page.
             */
            citation_url: string;
            /** @description Digital Object Identifier (lower-case, without resolver prefix). */
            doi: string | null;
            /** @description Original source address. */
            source_url: string | null;
            /** @description Publication venue name. */
            venue: string | null;
            /** @description Kind of venue. */
            venue_type: ("preprint" | "journal" | "conference" | "dataset" | "report") | null;
            /** @description Primary topic slug. */
            topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /** @description AI-assigned keyword tags. */
            tags: string[];
            /** @description Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters. */
            lang: ("ja" | "en" | "mul") | null;
            updated_at: string | null;
            /** @description How many works cite this paper, as its source counted them when it was last ingested. */
            cited_by_count: number | null;
            /** @description How many references the paper lists, whether or not they are in this corpus. */
            references_count: number;
            /** @description How many papers of this corpus cite this paper. */
            cited_by_corpus_count: number;
            /** @description The work this record is a version of (the smallest id among its versions; its own id when it has none). */
            work_id: string;
            /** @description The other records of the same work (preprint, journal, conference, report), oldest first. */
            versions: components["schemas"]["PaperVersion"][];
            /** @description The Japanese AI summary, at most 600 characters, when the paper has one and `abstract` carries another text (the English summary or the original abstract); absent otherwise. A Japanese reader's summary, so a page can show it first. */
            abstract_ja?: string;
            /** @description Present with `highlight=true`: where the query terms occur in the text this record carries. */
            highlights?: components["schemas"]["Highlight"][];
        };
        PaperVersion: {
            /** @description The other record's id. */
            id: string;
            /** @description Its kind of venue. */
            venue_type: ("preprint" | "journal" | "conference" | "dataset" | "report") | null;
            /** @description Its DOI. */
            doi: string | null;
            /** @description Its publication year. */
            year: number | null;
        };
        Highlight: {
            /** @description The record field the match is in (`title`, `abstract`, `tags`, …). */
            field: string;
            /** @description For a list field (`tags`): the position of the matching value. */
            index?: number;
            /** @description UTF-16 offset of the match's first code unit in the field's value as this record carries it. */
            start: number;
            /** @description UTF-16 offset just past the match: `value.slice(start, end)` is the matched text. */
            end: number;
            /** @description The query term that matched, normalised (NFKC, case-folded). */
            term: string;
            /** @description The match with some of its surrounding text, `…` where cut: a quotable passage. */
            snippet: string;
        };
        /** @description Present when `facets` was asked for: for each field asked, every value of the match set with its count, most frequent first (ties by value; years newest first), the matches without a value last under `null`; each field's counts add up to `total`. */
        FacetCounts: {
            topic?: {
                /** @description The value; null counts the matches without one. */
                value: string | null;
                count: number;
            }[];
            lang?: {
                /** @description The value; null counts the matches without one. */
                value: string | null;
                count: number;
            }[];
            year?: {
                /** @description The value; null counts the matches without one. */
                value: number | null;
                count: number;
            }[];
            venue_type?: {
                /** @description The value; null counts the matches without one. */
                value: string | null;
                count: number;
            }[];
        };
        SearchSuggestion: {
            /**
             * @description `split`: q with its unspaced Japanese or Chinese split into words, every word kept. `subset` (the data API's keyword mode only): the largest set of q's terms (of its words, once split) that matches papers together; `dropped` names the terms left out.
             * @enum {string}
             */
            kind: "split" | "subset";
            /**
             * @description The suggested query, terms separated by one space, as written in q (Unicode NFKC); send it as q.
             * @example 炭素税 効果
             */
            q: string;
            /** @description Papers (works, with `collapse=versions`) the suggested query matches with the same filters (its `total`). */
            total: number;
            /**
             * @description With `kind` `subset`: the terms of q (its words, once split) the suggested query leaves out, in q's order, as written.
             * @example [
             *       "does",
             *       "affect"
             *     ]
             */
            dropped?: string[];
            /** @description Why the suggestion is made, in one English sentence for people. */
            reason: string;
        };
        /** @description An RFC 9457 problem details object with a `code` member. */
        Problem: {
            /**
             * Format: uri
             * @description A URI naming the kind of problem (`…/problems/{code}`).
             */
            type: string;
            /** @description The HTTP status in words. */
            title: string;
            status: number;
            /** @description Machine-readable error code (the specification's code, e.g. `missing_query`, `missing_field:email`). */
            code: string;
            /** @description What was wrong, for a person. */
            detail: string;
            /** @description The path of the request. */
            instance?: string;
            /** @description Also sent as the X-Request-Id header; quote it when reporting a problem. */
            request_id?: string;
            /** @description On 429: the rate-limit policies that refused the request (`minute`, `daily`, `monthly`, `burst`, `applications`). */
            "violated-policies"?: string[];
            /** @description On `invalid_body` for text that cannot be stored: the field holding it (`summary.note`). */
            field?: string;
            /** @description On `invalid_transition`: the event's state. */
            from?: string;
            /** @description On `invalid_transition`: the state asked for. */
            to?: string;
            /** @description On `unknown_parameter`: the query parameters the endpoint takes, in its order (empty when it takes none). */
            accepted_parameters?: string[];
            /** @description On `unknown_paper`: the ids no paper has. */
            unknown_ids?: string[];
            /** @description On `invalid_ids`: the positions in `ids` (from 0) of every id at fault. */
            invalid_positions?: number[];
            /** @description On 429 for a request that counts for more than one of the key's allowance (a batch lookup): how many it counts for. */
            request_cost?: number;
        };
        PaperBatchResponse: {
            /**
             * @description Lets a client detect future breaking changes.
             * @constant
             */
            api_version: "v1";
            /** @description Entries in `results`: the number of ids given, repeats included. */
            count: number;
            /** @description Entries of `results` that hold a paper (not null). */
            found: number;
            /** @description One entry per id given, in the same order and as many: the paper (the Paper record of a search result) or null when no paper has that id, DOI or work id. */
            results: (components["schemas"]["Paper"] | null)[];
        };
        PaperReferencesPage: {
            /** @description The paper asked about. */
            paper_id: string;
            /** @description How many references the paper lists (its `references_count`), in this corpus or not. */
            total: number;
            /** @description Records in this answer. */
            count: number;
            /** @description The applied limit. */
            limit: number;
            /** @description Pass it as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
            /** @description The paper's references in its own order: each the cited paper's record when it is in this corpus, else an external reference `{ doi, openalex_id }`. */
            results: (components["schemas"]["Paper"] | components["schemas"]["ExternalReference"])[];
        };
        /** @description A reference to a work not in this corpus, as the citing paper gave it: a DOI or an OpenAlex work id. It has no `id`; a reference to a paper of the corpus is that paper's record instead. */
        ExternalReference: {
            /** @description The DOI the paper cited (lower-case, without resolver prefix); null when it cited an OpenAlex work id. */
            doi: string | null;
            /** @description The OpenAlex work id the paper cited (`W` and digits); null when it cited a DOI. */
            openalex_id: string | null;
        };
        PaperCitedByPage: {
            /** @description The paper asked about. */
            paper_id: string;
            /** @description How many papers of this corpus cite it (its `cited_by_corpus_count`). */
            total: number;
            /** @description Records in this answer. */
            count: number;
            /** @description The applied limit. */
            limit: number;
            /** @description Pass it as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
            /** @description The papers of this corpus citing it, newest first: publication year descending, papers without a year last, then id; each citing paper once. */
            results: components["schemas"]["Paper"][];
        };
        RelatedResponse: {
            /**
             * @description Lets a client detect future breaking changes.
             * @constant
             */
            api_version: "v1";
            /** @description The paper the results are related to. */
            paper_id: string;
            /** @description Echo of the topic filter; null when absent. */
            topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /**
             * @description Echo of the language filter; `all` when absent.
             * @enum {string}
             */
            lang: "ja" | "en" | "all";
            /** @description Records in this response (fewer than `limit` when fewer papers are related or pass the filters). */
            count: number;
            /** @description The applied limit. */
            limit: number;
            /** @description Related papers, most related first: never the paper itself nor another version of it, each work once. */
            results: components["schemas"]["RelatedPaper"][];
        };
        RelatedPaper: {
            /** @description Stable, opaque paper identifier (derived from the paper's identity: its DOI when it has one). */
            id: string;
            /** @description Title in its original language. */
            title: string | null;
            /** @description Japanese title, AI-translated when needed. */
            title_ja: string | null;
            /** @description English title, AI-translated when needed. */
            title_en: string | null;
            /** @description Author display names. */
            authors: string[];
            /** @description Publication year. */
            year: number | null;
            /** @description AI summary (English preferred) or the original abstract, at most 600 characters (a shortened text ends with "…"). */
            abstract: string | null;
            /**
             * Format: uri
             * @description Address of the paper's page on the service.
             */
            url: string;
            /**
             * Format: uri
             * @description The DOI link when a DOI exists, otherwise the source URL, otherwise the service's paper page.
             */
            citation_url: string;
            /** @description Digital Object Identifier (lower-case, without resolver prefix). */
            doi: string | null;
            /** @description Original source address. */
            source_url: string | null;
            /** @description Publication venue name. */
            venue: string | null;
            /** @description Kind of venue. */
            venue_type: ("preprint" | "journal" | "conference" | "dataset" | "report") | null;
            /** @description Primary topic slug. */
            topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /** @description AI-assigned keyword tags. */
            tags: string[];
            /** @description Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters. */
            lang: ("ja" | "en" | "mul") | null;
            updated_at: string | null;
            /** @description How many works cite this paper, as its source counted them when it was last ingested. */
            cited_by_count: number | null;
            /** @description How many references the paper lists, whether or not they are in this corpus. */
            references_count: number;
            /** @description How many papers of this corpus cite this paper. */
            cited_by_corpus_count: number;
            /** @description The work this record is a version of (the smallest id among its versions; its own id when it has none). */
            work_id: string;
            /** @description The other records of the same work (preprint, journal, conference, report), oldest first. */
            versions: components["schemas"]["PaperVersion"][];
            /** @description The Japanese AI summary, at most 600 characters, when the paper has one and `abstract` carries another text (the English summary or the original abstract); absent otherwise. A Japanese reader's summary, so a page can show it first. */
            abstract_ja?: string;
            /** @description How alike the two papers' words are: the BM25 score of the "more like this" query built from this paper's most distinctive title, tag and topic terms. Higher is closer; comparable within one answer only. */
            related_score: number;
        };
        ReleaseList: {
            /** @description The latest release: what answers without `as_of` build on (null before the first). */
            latest: string | null;
            /** @description The oldest release `as_of` may still name. */
            oldest_kept: string | null;
            /** @description How long a release is kept after the next one is cut. */
            retention_days: number;
            /** @description Every release still kept, newest first. */
            data: components["schemas"]["Release"][];
        };
        Release: {
            /**
             * @description The release id: quote it with a citation, and pass it as `as_of` to have the same answers again.
             * @example 2026-11-28
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the release was cut.
             */
            cut_at: string;
            /** @description Papers in the corpus as of the release. */
            papers: number;
            /** @description Papers added since the previous release (every paper, for the first). */
            added: number;
            /** @description Papers whose record changed since the previous release (a corrected field, a new citation count, a version found). */
            changed: number;
            /** @description Papers removed since the previous release. */
            removed: number;
            /** @description Until when answers as of this release are kept (null: the latest release, kept while it is the latest). After it, `as_of` this release is 410 `release_expired`. */
            kept_until: string | null;
        };
        /**
         * @description Every code a problem answer of this door may carry (the `code` member of Problem), as its operations' responses list them; each response states its own. Codes of the form `<family>:<field>` are listed in ProblemCodeFamily.
         * @enum {string}
         */
        ProblemCode: "database_unavailable" | "headers_too_large" | "internal_error" | "invalid_as_of" | "invalid_author" | "invalid_body" | "invalid_collapse" | "invalid_cursor" | "invalid_facets" | "invalid_format" | "invalid_highlight" | "invalid_id" | "invalid_ids" | "invalid_lang" | "invalid_limit" | "invalid_offset" | "invalid_since" | "invalid_sort" | "invalid_topic" | "invalid_venue_type" | "invalid_year_from" | "invalid_year_to" | "missing_field:ids" | "missing_query" | "not_found" | "papers_unavailable" | "query_too_long" | "ranking_unavailable" | "rate_limit_exceeded" | "release_expired" | "release_preparing" | "release_unavailable" | "search_unavailable" | "term_too_short" | "too_many_ids" | "too_many_terms" | "unknown_parameter" | "unknown_release" | "upstream_failed" | "upstream_unavailable" | "uri_too_long";
        /**
         * @description The families of codes that name a field: `<family>:<field>` (`missing_field:email`, `invalid_field:plan`).
         * @enum {string}
         */
        ProblemCodeFamily: "invalid_field";
    };
    responses: {
        /** @description The URL is too long: the request line and headers together may hold at most 16 KiB (16,384 bytes). A `q` that long is the search's own 400 `query_too_long` instead. The connection is closed after the answer. Codes: `uri_too_long` (the request line alone passes the limit). */
        UriTooLong: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                /** @description `no-store` */
                "Cache-Control": "no-store";
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 414;
                    /** @enum {string} */
                    code: "uri_too_long";
                } & {
                    [key: string]: unknown;
                });
            };
        };
        /** @description The headers are too large: the request line and headers together may hold at most 16 KiB (16,384 bytes). The connection is closed after the answer. Codes: `headers_too_large` (the request line and headers together pass the limit). */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                /** @description `no-store` */
                "Cache-Control": "no-store";
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 431;
                    /** @enum {string} */
                    code: "headers_too_large";
                } & {
                    [key: string]: unknown;
                });
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Correlates this answer with the logs and its error body (`request_id`): the caller's well-formed `X-Request-Id`, or a new one. */
        "X-Request-Id": string;
        /** @description The dataset release the answer was given as of (`as_of`), or, without it, the latest release, followed by `+unreleased` when papers changed since it was cut. Quote it in academic citation, and pass it as `as_of` to have the same answer again (GET /api/v1/releases lists the releases). */
        "X-Dataset-Version": string;
        /** @description Always `*`: browsers may call the endpoint directly. */
        "Access-Control-Allow-Origin": "*";
        /** @description The headers a browser script may read: X-Request-Id, X-Cache, Retry-After and the rate-limit headers. */
        "Access-Control-Expose-Headers": string;
        "X-Cache": "HIT" | "MISS";
        "RateLimit-Policy.minute": string;
        "RateLimit.minute": string;
        "X-RateLimit-Limit.minute": number;
        "X-RateLimit-Remaining.minute": number;
        /** @description The answer depends on `Accept` (which may ask for a citation file or CSV instead of JSON). */
        "Vary.Accept": "Accept";
        "Content-Disposition.download": string;
        "ETag.download": string;
        "X-Content-Type-Options": "nosniff";
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        "Retry-After.optional": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    searchPapers: {
        parameters: {
            query?: {
                /** @description Up to 5 white-space-separated terms, each at least 2 characters, AND-combined; 2 to 500 characters in all. Japanese, English, Chinese or mixed. Required unless `author` is given: `author` alone (no q) lists every paper with an author of that name that the other filters admit, newest first (the relevance order when nothing is searched for), and the answer echoes `query` as `""`. */
                q?: string;
                /** @description Only papers whose primary topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description Only papers in this language: `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter. */
                lang?: "ja" | "en" | "all";
                /** @description Records per page, 1 to 50. */
                limit?: number;
                /** @description Records to skip; offset + limit may not exceed 10000. */
                offset?: number;
                /** @description `true` adds to each record `highlights`: for every match of a term in a text the record carries (titles, the abstract as returned, tags, topic), the field (and the position in a list field), `start` and `end` as UTF-16 offsets into that value as returned (`value.slice(start, end)` is the matched text; matching is NFKC and case-folded, so `co2` finds `ＣＯ２`), the term, and a snippet around it. A match only in text the record does not carry (a part of a long abstract left out) is not listed. Default `false`. */
                highlight?: "true" | "false";
                /** @description Count the whole match set by these fields (comma-separated: topic, lang, year, venue_type): `facets` in the answer gives, per field, each value with its count, most frequent first, papers without a value counted under `null`, so each field's counts add up to `total`. */
                facets?: string;
                /** @description `relevance` (the default without `cursor`): best first by the relevance model; `newest` (the order of `cursor` paging): publication year descending (papers without a year last), then a stable order; `cited_by`: most cited first, by the greater of `cited_by_count` (the source's count) and `cited_by_corpus_count` (papers of this corpus citing it), papers with neither last, ties newest first (offset paging only). */
                sort?: "relevance" | "newest" | "cited_by";
                /** @description `versions`: one record per work — the versions of a paper (preprint, conference, journal, report records of the same work, `work_id`) are folded into one, shown by the preferred record among the matches (journal over conference over report over preprint, other kinds after; then the newest year; then the id) and placed where the work's best match stands in the order asked for. `total` then counts works, and each facet value counts the works with a match of that value (a work with a journal and a preprint record counts under both, so a facet's counts may add up to more than `total`; each equals the `total` of filtering by that value). Offset paging only (not with `cursor`). */
                collapse?: "versions";
                /** @description Deep paging: `*` for the first page, then each answer's `next_cursor` (absent on the last page), with the same other parameters. Pages come newest first and go through the whole match set with no depth limit; a page sequence never repeats or skips a paper that existed when it began, while others are added or updated (unless a paper's year itself changes). Not with `offset`, with a `sort` other than `newest`, nor with `collapse`. */
                cursor?: string;
                /** @description Only papers published in or after this year (papers without a year are left out). */
                year_from?: number;
                /** @description Only papers published in or before this year (papers without a year are left out). */
                year_to?: number;
                /** @description Only papers of this kind of venue: preprint, journal, conference, dataset, report. */
                venue_type?: "preprint" | "journal" | "conference" | "dataset" | "report";
                /** @description Only papers with an author of this name, 1 to 200 characters: the whole name or the family name, case-, accent- and width-insensitively (`muller` finds Müller, `smith` finds Ｓｍｉｔｈ); a family name is the last word, or what comes before a comma (`Hasegawa, Misaki`), or the first word of a Japanese, Chinese or Korean name, and an unspaced one (長谷川美咲) is found by its leading characters (`長谷川`) and by the whole name with or without its space. q never searches authors. */
                author?: string;
                /**
                 * @description Only papers first added to this corpus at or after this time (their `created_at`, not their publication date): an ISO 8601 date (`2026-01-01`, read as midnight UTC) or a date and time with its offset (`2026-01-01T09:00:00+09:00`, `2026-01-01T00:00:00Z`), to the millisecond.
                 * @example 2025-04-01
                 */
                since?: string;
                as_of?: string;
                /** @description The representation of this page of results: `json` (`application/json`), `bibtex` (`application/x-bibtex`), `ris` (`application/x-research-info-systems`), `csl-json` (`application/vnd.citationstyles.csl+json`), `csv` (`text/csv`). Without `format`, `Accept` chooses among those media types (the most preferred; ties and anything else give JSON); `format` wins over `Accept`. The citation formats hold the page's papers in its order, each entry exactly what the paper's page downloads (`/papers/{id}.bib|.ris|.json`), a BibTeX key repeated within the page aside (it gets a letter: `…b`, `…c`); `csv` holds the page's records, one row each, under a header row of the stated columns (UTF-8 with a byte order mark, RFC 4180 quoting, CRLF lines). Every format answers the same page as the JSON would (limit, offset, cursor, filters, order); only the JSON carries `total`, `next_cursor`, `facets` and `suggestion`. Sent as an attachment (`Content-Disposition`) with `Vary: Accept`. */
                format?: "json" | "bibtex" | "ris" | "csl-json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of matching papers, in the representation asked for (JSON by default). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    Vary: components["headers"]["Vary.Accept"];
                    "Content-Disposition": components["headers"]["Content-Disposition.download"];
                    ETag: components["headers"]["ETag.download"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                    "application/x-bibtex": string;
                    "application/x-research-info-systems": string;
                    "application/vnd.citationstyles.csl+json": string;
                    "text/csv": string;
                };
            };
            /** @description A parameter is invalid. Codes: `missing_query` (q is absent (and no author given), or shorter than 2 characters once trimmed); `query_too_long` (q is longer than 500 characters); `too_many_terms` (q holds more than 5 white-space-separated terms); `term_too_short` (a term of q is shorter than 2 characters); `invalid_topic` (topic is not one of the 25 topic slugs); `invalid_lang` (lang is not one of ja, en, all); `invalid_limit` (limit is not a whole number from 1 to 50); `invalid_offset` (offset is negative or not a whole number, or offset + limit exceeds 10000); `invalid_highlight` (highlight is not true or false); `invalid_author` (author is not 1 to 200 characters once trimmed); `invalid_since` (since is not an ISO 8601 date or a date and time with its offset); `invalid_facets` (facets is not a comma-separated list of topic, lang, year, venue_type); `invalid_sort` (sort is not one of relevance, newest, cited_by); `invalid_collapse` (collapse is not one of versions); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_venue_type` (venue_type is not one of preprint, journal, conference, dataset, report); `invalid_cursor` (cursor is not * or a next_cursor of this search, or is sent with offset, a sort other than newest, or collapse); `invalid_format` (format is not one of json, bibtex, ris, csl-json, csv); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "missing_query" | "query_too_long" | "too_many_terms" | "term_too_short" | "invalid_topic" | "invalid_lang" | "invalid_limit" | "invalid_offset" | "invalid_highlight" | "invalid_author" | "invalid_since" | "invalid_facets" | "invalid_sort" | "invalid_collapse" | "invalid_year_from" | "invalid_year_to" | "invalid_venue_type" | "invalid_cursor" | "invalid_format" | "unknown_parameter" | "invalid_as_of" | "unknown_release";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the search service was reached but did not answer in time or answered something unusable. Codes: `upstream_failed` (the search service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The search is unavailable; retry later. Codes: `search_unavailable` (the search backend is unavailable); `upstream_unavailable` (behind a gateway, the search service cannot be reached (with Retry-After)); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "search_unavailable" | "upstream_unavailable" | "release_preparing" | "release_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getPaper: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path: {
                /** @description A paper id, as a search result gives it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paper (as of the release `as_of` names, when given). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Paper"];
                };
            };
            /** @description The id or as_of is malformed, or another query parameter was given (it takes only as_of). Codes: `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "invalid_id" | "invalid_as_of" | "unknown_release" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description No paper has this id. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 404;
                        /** @enum {string} */
                        code: "not_found";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the service was reached but did not answer usably. Codes: `upstream_failed` (the service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The paper store is unavailable; retry later. Codes: `papers_unavailable` (the paper store (Postgres) is unavailable); `upstream_unavailable` (behind a gateway, the service cannot be reached (with Retry-After)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "papers_unavailable" | "upstream_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getPapers: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 1 to 50 ids, answered in the same order: paper ids (as search results give them), DOIs as `doi:10.…` (any case, normalised as stored DOIs are) and OpenAlex work ids as `openalex:W…`. Repeats are allowed, answered at each position and looked up once.
                     * @example [
                     *       "p_2s_niYOv-9vRxwD_",
                     *       "doi:10.1016/j.enpol.2021.112345",
                     *       "openalex:W2741809807"
                     *     ]
                     */
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description The papers, in the order of `ids`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperBatchResponse"];
                };
            };
            /** @description The body or as_of is invalid, or another query parameter was given (it takes only as_of). Codes: `invalid_body` (the body is not JSON, not an object, over 14kb, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:ids` (ids is absent, null or empty); `invalid_field:*` (ids is not an array of strings (`invalid_field:ids`), or a field the request does not have (`invalid_field:limit`)); `too_many_ids` (ids holds more than 50 ids); `invalid_ids` (an id is none of the three forms (an id is a paper id (1 to 128 letters, digits, "_" or "-", as search results give it), a DOI as doi:10.… or an OpenAlex work id as openalex:W…, at most 256 characters); `invalid_positions` lists the positions at fault, from 0); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("invalid_body" | "missing_field:ids" | "too_many_ids" | "invalid_ids" | "invalid_as_of" | "unknown_release" | "unknown_parameter") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the service was reached but did not answer usably. Codes: `upstream_failed` (the service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The paper store is unavailable; retry after Retry-After seconds. Codes: `database_unavailable` (the paper store (Postgres) is down, restarting or did not answer in time (Retry-After: 5)); `upstream_unavailable` (behind a gateway, the service cannot be reached (with Retry-After)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "database_unavailable" | "upstream_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getPaperReferences: {
        parameters: {
            query?: {
                /** @description Records per page, 1 to 100. */
                limit?: number;
                /** @description `*` (or absent) for the first page, then each answer's `next_cursor`, unchanged (null on the last page). Keyset paging: no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. */
                cursor?: string;
                as_of?: string;
            };
            header?: never;
            path: {
                /** @description A paper id, as a search result gives it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperReferencesPage"];
                };
            };
            /** @description The id or a parameter is invalid. Codes: `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_limit` (limit is not a whole number from 1 to 100); `invalid_cursor` (cursor is not * or a next_cursor of this endpoint, unchanged); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "invalid_id" | "invalid_limit" | "invalid_cursor" | "invalid_as_of" | "unknown_release" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description No paper has this id. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 404;
                        /** @enum {string} */
                        code: "not_found";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the service was reached but did not answer usably. Codes: `upstream_failed` (the service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The paper store is unavailable; retry after Retry-After seconds. Codes: `database_unavailable` (the paper store (Postgres) is down, restarting or did not answer in time (Retry-After: 5)); `upstream_unavailable` (behind a gateway, the service cannot be reached (with Retry-After)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "database_unavailable" | "upstream_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getPaperCitedBy: {
        parameters: {
            query?: {
                /** @description Records per page, 1 to 100. */
                limit?: number;
                /** @description `*` (or absent) for the first page, then each answer's `next_cursor`, unchanged (null on the last page). Keyset paging: no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. */
                cursor?: string;
                as_of?: string;
            };
            header?: never;
            path: {
                /** @description A paper id, as a search result gives it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperCitedByPage"];
                };
            };
            /** @description The id or a parameter is invalid. Codes: `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_limit` (limit is not a whole number from 1 to 100); `invalid_cursor` (cursor is not * or a next_cursor of this endpoint, unchanged); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "invalid_id" | "invalid_limit" | "invalid_cursor" | "invalid_as_of" | "unknown_release" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description No paper has this id. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 404;
                        /** @enum {string} */
                        code: "not_found";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the service was reached but did not answer usably. Codes: `upstream_failed` (the service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The paper store is unavailable; retry after Retry-After seconds. Codes: `database_unavailable` (the paper store (Postgres) is down, restarting or did not answer in time (Retry-After: 5)); `upstream_unavailable` (behind a gateway, the service cannot be reached (with Retry-After)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "database_unavailable" | "upstream_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getRelatedPapers: {
        parameters: {
            query?: {
                /** @description Only papers whose primary topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description Only papers in this language: `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter. */
                lang?: "ja" | "en" | "all";
                /** @description Related papers to return, 1 to 50. */
                limit?: number;
                /** @description Only papers published in or after this year (papers without a year are left out). */
                year_from?: number;
                /** @description Only papers published in or before this year (papers without a year are left out). */
                year_to?: number;
                /**
                 * @description Only papers first added to this corpus at or after this time (their `created_at`, not their publication date): an ISO 8601 date (`2026-01-01`, read as midnight UTC) or a date and time with its offset (`2026-01-01T09:00:00+09:00`, `2026-01-01T00:00:00Z`), to the millisecond.
                 * @example 2025-04-01
                 */
                since?: string;
                as_of?: string;
            };
            header?: never;
            path: {
                /** @description A paper id, as a search result gives it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The related papers, most related first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelatedResponse"];
                };
            };
            /** @description The id or a parameter is invalid. Codes: `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_topic` (topic is not one of the 25 topic slugs); `invalid_lang` (lang is not one of ja, en, all); `invalid_limit` (limit is not a whole number from 1 to 50); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_since` (since is an ISO 8601 date (2026-01-01) or a date and time with its offset (2026-01-01T09:00:00Z, 2026-01-01T18:00:00+09:00)); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "invalid_id" | "invalid_topic" | "invalid_lang" | "invalid_limit" | "invalid_year_from" | "invalid_year_to" | "invalid_since" | "invalid_as_of" | "unknown_release" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description No paper has this id. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 404;
                        /** @enum {string} */
                        code: "not_found";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The release as_of names is no longer kept. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "release_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Behind a gateway: the service was reached but did not answer usably. Codes: `upstream_failed` (the service timed out or answered something that is not HTTP). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Related papers are unavailable; retry later (after Retry-After when given). Codes: `ranking_unavailable` (the ranked index is still being prepared after a start, or the first time a release is asked for (with Retry-After)); `search_unavailable` (the search backend is unavailable); `papers_unavailable` (the paper store (Postgres) is unavailable); `upstream_unavailable` (behind a gateway, the service cannot be reached (with Retry-After)); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "ranking_unavailable" | "search_unavailable" | "papers_unavailable" | "upstream_unavailable" | "release_preparing" | "release_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    listReleases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The releases still kept. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60` */
                    "Cache-Control": "public, max-age=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseList"];
                };
            };
            /** @description A query parameter was given (it takes none). Codes: `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    getPapersFeed: {
        parameters: {
            query: {
                /** @description Up to 5 white-space-separated terms, each at least 2 characters, AND-combined; 2 to 500 characters in all. Japanese, English, Chinese or mixed. */
                q: string;
                /** @description Only papers whose primary topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description Only papers in this language: `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter. */
                lang?: "ja" | "en" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    /** @description `public, max-age=60, s-maxage=60` */
                    "Cache-Control": "public, max-age=60, s-maxage=60";
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description A parameter is invalid. Codes: `missing_query` (q is absent, or shorter than 2 characters once trimmed); `query_too_long` (q is longer than 500 characters); `too_many_terms` (q holds more than 5 white-space-separated terms); `term_too_short` (a term of q is shorter than 2 characters); `invalid_topic` (topic is not one of the 25 topic slugs); `invalid_lang` (lang is not one of ja, en, all); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "missing_query" | "query_too_long" | "too_many_terms" | "term_too_short" | "invalid_topic" | "invalid_lang" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            /** @description Too many requests from this client IP (`violated-policies`: `["minute"]`). Codes: `rate_limit_exceeded` (the per-IP allowance of the minute, and its burst, are used up). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 429;
                        /** @enum {string} */
                        code: "rate_limit_exceeded";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 500;
                        /** @enum {string} */
                        code: "internal_error";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description The search backend is unavailable; retry later. Codes: `search_unavailable` (the search backend is unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-Cache": components["headers"]["X-Cache"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.minute"];
                    RateLimit: components["headers"]["RateLimit.minute"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.minute"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.minute"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "search_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
}
