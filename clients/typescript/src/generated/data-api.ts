// Generated from the data API's OpenAPI document (`gx openapi api`) with openapi-typescript by clients/typescript/scripts/generate-types.mjs: do not edit.
// Regenerate with `npm run client:generate` at the repository root.
export interface paths {
    "/api/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Company master, ascending by securities code */
        get: operations["listCompanies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One company's overview plus coverage per report type */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{code}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Collected reports of one company, newest first */
        get: operations["listCompanyReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{code}/gx-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decarbonisation time series of one company, by publication year */
        get: operations["getCompanyMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{report_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One report: metadata plus extracted figures */
        get: operations["getReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/gx-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cross-company metric search, by company then year */
        get: operations["searchMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search papers by vector similarity, keyword or both
         * @description In `vector` mode (the default) q is embedded (1,024 dimensions, multilingual) and matched to its nearest neighbours with every filter applied inside the search; in `keyword` mode every term must match (AND of substring matches, the public search's ranking); `hybrid` is for questions in sentences: the best papers of a ranked any-term lexical search (BM25 over titles, tags and topic, abstracts and summaries; English words stemmed, Japanese and Chinese as character bigrams) and the best of the vector search, fused by a convex combination of their min–max-normalised scores (the lexical side weighs 0.98 with the embedded lexical embedder, 0.5 with a semantic model, unless the operator sets another share for their model). A question is ranked and embedded as its subject: the words that frame it (`how`, `does`, `what is the effect of`, は, どう, について) are left out in vector and hybrid modes, and in keyword mode they must match but weigh nothing in the order. offset + limit may not exceed 10000 (keyword), 300 (vector) or 100 (hybrid). Keyword mode takes any number of terms within q's 1,000 characters (each of at least 2 characters), all AND-combined: the public search's limit of 5 terms is spec 000's, not this endpoint's. A keyword search that finds nothing carries `suggestion`: for Japanese or Chinese written without spaces (`炭素税の効果`) the words split apart (`炭素税 効果`, `kind` `split`), otherwise the largest set of the terms that matches papers together (`kind` `subset`, `dropped` naming the terms left out), each with its count. `author`, `since`, `sort=cited_by` and `collapse=versions` are keyword mode's, as on the public search (author: whole or family name, case-, accent- and width-insensitive; since: added to the corpus at or after; cited_by: most cited first; versions: one record per work, total counting works). Vector and hybrid modes refuse them (400 with the parameter's code, naming the mode): the vector index keeps no authors, creation times, citation counts or works beside its vectors, and hybrid fuses it with the lexical side, so they could not apply to both sides. `format` (or `Accept`) answers the same page, in any mode, as a citation file of its papers (BibTeX, RIS, CSL-JSON: each entry what the paper's page on the public site downloads) or as CSV of its records; a whole keyword match set is taken away with `GET /api/v1/papers/export`. `as_of` applies to every mode. As of a release, keyword mode and hybrid's lexical side search the release's own keyword index, and vector mode and hybrid's vector side an exact search over the release's own passage vectors (those of the content each record was cut from; cosine, ties by id), never the live vector index: the same request gives the same bytes for as long as the release is kept. If the operator changes the embedding model, the release's vectors become those of the new model, so its vector and hybrid answers change once. 503 `release_preparing` while the release's index or vectors are prepared.
         */
        get: operations["searchPapersSemantic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream a whole keyword match set (JSON Lines or CSV)
         * @description Streams the whole match set of a keyword search (the search's `mode=keyword` matching, filters and records), so a pipeline need not page by hand. **Order and consistency.** Newest first (publication year descending, papers without a year last, then id), read step by step by keyset: a paper that existed when the export began is given once, never repeated nor skipped, while others are added, changed or removed (a paper whose publication year changes meanwhile moves in the order). **Per call.** At most `limit` records (default and maximum 10,000), and no more than the key's allowance covers. A larger match set is taken in several calls, each continuing with `cursor` where the last stopped. **Cost.** One request of the key's allowance per 1,000 records the call plans to stream (rounded up; at least one), stated before the body in `X-Request-Cost` and counted in this answer's `X-RateLimit-Remaining`; the call streams what its cost covers (the records left by the match set's size now, so a set that grew meanwhile may leave a few to a further call). A call stopped by the client is charged all the same. **JSON Lines** (`format=jsonl`, the default): one record per line (the search's record, `SemanticPaper`), then a closing line without `id`: `{"next_cursor": "…", "count": n}` — `next_cursor` to pass as `cursor` for the rest, or null when the match set is exhausted; `count` the records of this call. A fault after the first byte ends the stream with `{"error": {problem}}` in its place. A stream without a closing line was cut: ask again with the last cursor you hold. **CSV** (`format=csv`): a header row, then one row per record under the search's CSV columns, and `cursor`, the row's own position: to continue, pass the last row's `cursor` (a call that returns no row is past the end). A fault after the first byte cuts the connection before the body's end (the HTTP client reports an incomplete body). **Before the first byte**, a fault is a 503 `search_unavailable` problem. Not on the public door: taking a match set away is bulk access, outside its fair use.
         */
        get: operations["exportPapers"];
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
         * @description Up to 500 papers in one request, answered in the order asked: `results` has one entry per id given, the paper search's record (scores null: nothing was searched), or null when no paper has that id. An id is a paper id, a DOI as `doi:10.…` (the prefix in any case; the DOI compared as stored, without resolver prefix and in lower case) or an OpenAlex work id as `openalex:W…`. Several records of one work may carry one OpenAlex work id (a preprint and its journal version): the one with the smallest id answers, as a reference to that work id resolves. A bare `W…` is read as a paper id. A repeated id (or two spellings of one DOI) is answered at each of its positions and looked up once. An id of none of the three forms is a 400 `invalid_ids` naming its positions (`invalid_positions`, from 0): a malformed id is a mistake to fix, while a well-formed id that names nothing is a null. **Cost:** one request of the key's allowance for every 50 distinct ids (⌈distinct ids / 50⌉: 1 to 50 ids count 1, 500 count 10; ids are distinct by their canonical form, so a paper named once by its id and once by its DOI counts twice), and one request of the per-second burst limit. The allowance is charged whole or not at all: a batch that counts for more than is left is a 429 (`request_cost` says how many it counts for) and charges nothing; a refused body (a 400) counts one, as any refused request does. The `X-RateLimit-*` and `RateLimit` headers tell what is left after it. Read from the paper store in one statement; with `as_of`, the papers as that release held them (a DOI or work id resolved among its papers).
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
         * @description The works the paper cites, in its own order: each the cited paper's record (the paper search's, with null scores) when it is in this corpus, else an external reference `{ doi, openalex_id }` as the paper gave it. `total` is the paper's `references_count`. Paged by `cursor`: `*` (or absent) for the first page, then each answer's `next_cursor` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. `limit` 1–100, default 25. Read from Postgres: a new edge shows at once; with `as_of`, the graph as that release resolved it. Each page is one request of the key's allowance.
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
         * @description The papers of this corpus citing the paper, newest first (publication year descending, papers without a year last, then id), each once, as the paper search's records with null scores. `total` is the paper's `cited_by_corpus_count` (a record's `cited_by_count` is its source's count over all literature). Paged by `cursor`: `*` (or absent) for the first page, then each answer's `next_cursor` until it is null; keyset paging, so there is no depth limit, every page costs the same, and a walk neither repeats nor skips an entry that existed when it began while others are added. `limit` 1–100, default 25. Read from Postgres: a new edge shows at once; with `as_of`, the graph as that release resolved it. Each page is one request of the key's allowance.
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
         * Papers related to one paper (vector, citation graph and words)
         * @description Papers related to one paper, never the paper itself nor another version of it (the same `work_id`, or listed in its `versions`). Four signals, each giving up to twice `limit` (at least 50) candidates that pass the filters: `vector`, the nearest neighbours of the stored passage embedding (topic and language filtered inside the index; year and `since` checked against the paper store, reading the index deeper while too few pass); `bibliographic_coupling`, papers whose references share works with the given papers' (the same corpus paper, or the same DOI or OpenAlex work id), each shared reference counting 1 / ln(1 + the papers citing it), references cited by more than 500 papers left out; `co_citation`, papers cited together with the given ones by the same papers (the newest 250 citing them), each citing paper counting 1 / ln(1 + its references); `lexical`, the public door's "more like this" query (the titles', tags' and topic's most distinctive terms, 12 for one paper, up to 25 for several) ranked by BM25. They are fused by weighted reciprocal rank fusion, Σ weight / (60 + rank) over the signals that found a work (ranks from 1; Cormack et al., SIGIR 2009): weight 1 for vector and lexical; 2 for the citation signals (links authors made), times the evidence a citation signal found for the work, its score, at most 1 (one reference shared among seven papers ranks first like four papers citing both, and weighs half as much). Each work once, shown by its best-ranked version. A signal that cannot answer now (the vector index still being built after a start, or down; the ranked index still being prepared) is left out and named in `signals_unavailable`: the answer comes from the others, never a 503 for that alone. With `as_of`, every signal reads the release: its records (the filters apply to them), its citation graph as resolved then, its search index and its passage vectors (searched exactly), so the same request as of a release gives the same answer for as long as the release is kept; while the release's search index or vectors are being prepared the answer is a 503 `release_preparing`, never one without a signal the release has. The graph signals start from the paper and every version of it.
         */
        get: operations["getRelatedPapersSemantic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Papers like some and unlike others
         * @description Recommendations from papers a reader marked: like the `positive` ones (at least one) and unlike the `negative` ones (optional; at most 100 ids in all; repeats are ignored). Never a given paper (positive or negative) nor another version of one. Four signals, each giving up to twice `limit` (at least 50) candidates that pass the filters: `vector`, the nearest neighbours of the stored passage embedding (topic and language filtered inside the index; year and `since` checked against the paper store, reading the index deeper while too few pass); `bibliographic_coupling`, papers whose references share works with the given papers' (the same corpus paper, or the same DOI or OpenAlex work id), each shared reference counting 1 / ln(1 + the papers citing it), references cited by more than 500 papers left out; `co_citation`, papers cited together with the given ones by the same papers (the newest 250 citing them), each citing paper counting 1 / ln(1 + its references); `lexical`, the public door's "more like this" query (the titles', tags' and topic's most distinctive terms, 12 for one paper, up to 25 for several) ranked by BM25. They are fused by weighted reciprocal rank fusion, Σ weight / (60 + rank) over the signals that found a work (ranks from 1; Cormack et al., SIGIR 2009): weight 1 for vector and lexical; 2 for the citation signals (links authors made), times the evidence a citation signal found for the work, its score, at most 1 (one reference shared among seven papers ranks first like four papers citing both, and weighs half as much). Each work once, shown by its best-ranked version. A signal that cannot answer now (the vector index still being built after a start, or down; the ranked index still being prepared) is left out and named in `signals_unavailable`: the answer comes from the others, never a 503 for that alone. With `as_of`, every signal reads the release: its records (the filters apply to them), its citation graph as resolved then, its search index and its passage vectors (searched exactly), so the same request as of a release gives the same answer for as long as the release is kept; while the release's search index or vectors are being prepared the answer is a 503 `release_preparing`, never one without a signal the release has. The vector signal searches with Rocchio's query vector, the positives' mean − 0.25 × the negatives' mean (unit vectors); the graph and lexical signals start from the positives. With negatives, the same four signals run from them, and each candidate loses 0.5 × its fused score there: a paper as near the negatives as the positives keeps half its score. One request of the key's allowance, as every route.
         */
        post: operations["recommendPapers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/papers/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Papers added, changed or removed, in commit order, after a cursor
         * @description Every change to the papers in commit order: a change visible at a cursor never appears before it later, so a reader that applies the answers in order and passes `next_cursor` back as `since` ends with exactly the papers of the corpus.
         *
         *     Each change carries the paper as it is now (`op: upsert`) or says it is gone (`op: delete`, `paper: null`); apply a change by putting the record under its `paper_id`, or removing that id.
         *
         *     `since` absent or `0` reads from the beginning: the log holds, at least, the latest change of every paper that exists.
         *
         *     **Retention.** Every change is kept for `PAPER_CHANGES_RETENTION_DAYS` days (30 unless the operator set otherwise); after that a paper's older changes are coalesced into its latest (a reader behind then sees each paper once, as it is now) and removals are dropped. A cursor expires only when a removal after it is dropped, which cannot happen to a reader that keeps up (whose oldest unread change is younger than the retention): then 410 `cursor_expired`, and the reader starts over from the beginning with an empty copy.
         *
         *     Each answer is charged to the key like any request.
         */
        get: operations["listPaperChanges"];
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
         *
         *     Each answer is charged to the key like any request.
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
    "/api/v1/intelligence-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Intelligence events, newest first
         * @description A key that is not Internal sees only `published` events; Internal keys see every status.
         */
        get: operations["listIntelligenceEvents"];
        put?: never;
        /** Record an event (Internal keys); it starts observed */
        post: operations["recordIntelligenceEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/intelligence-events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event (404 when the key may not see it) */
        get: operations["getIntelligenceEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move an event along its lifecycle (Internal keys)
         * @description observed → verified → published, and to retracted from any state; retracted is final.
         */
        patch: operations["transitionIntelligenceEvent"];
        trace?: never;
    };
    "/api/keys/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply for a key (no key needed; limited per client IP)
         * @description The answer holds a Researcher key in state `pending`: it answers 403 `key_not_approved` until an operator approves it.
         */
        post: operations["applyForKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List keys (Internal keys) */
        get: operations["listKeys"];
        put?: never;
        /** Issue a key directly, active at once (Internal keys) */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One key with its audit trail (Internal keys) */
        get: operations["getKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{id}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve, reject, revoke, expire or reissue a key (Internal keys) */
        post: operations["actOnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{id}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a key's daily and monthly limits (Internal keys) */
        patch: operations["setKeyLimits"];
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document (no key needed) */
        get: operations["getOpenApiDocument"];
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
        CompanySummary: {
            /**
             * @description Securities code.
             * @example 7203
             */
            code: string;
            name_ja: string;
            name_en: string | null;
            industry: components["schemas"]["Industry"];
            /** @description Market segment. */
            market: ("Prime" | "Standard" | "Growth") | null;
            is_foreign: boolean;
            size_category: string | null;
            /** @description TOPIX-17 sector. */
            sector17: {
                code: string;
                name: string | null;
            } | null;
            /**
             * @description Current SBTi status mapped onto the four values of the specification.
             * @enum {string}
             */
            sbt_status: "1.5C" | "WB2C" | "committed" | "none";
        };
        Industry: {
            /** @description TSE 33-sector code. */
            code: string;
            name_ja: string;
            name_en: string;
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
        Company: {
            /**
             * @description Securities code.
             * @example 7203
             */
            code: string;
            name_ja: string;
            name_en: string | null;
            industry: components["schemas"]["Industry"];
            /** @description Market segment. */
            market: ("Prime" | "Standard" | "Growth") | null;
            is_foreign: boolean;
            size_category: string | null;
            /** @description TOPIX-17 sector. */
            sector17: {
                code: string;
                name: string | null;
            } | null;
            /**
             * @description Current SBTi status mapped onto the four values of the specification.
             * @enum {string}
             */
            sbt_status: "1.5C" | "WB2C" | "committed" | "none";
            /** @description Date of the master record. */
            as_of: string | null;
            /** @description The SBTi record; null when the company has none. */
            sbt: {
                /** @enum {string} */
                status: "1.5C" | "WB2C" | "committed" | "none";
                sbti_status: string | null;
                sbti_classification: string | null;
                near_term_target_year: number | null;
                long_term_target_year: number | null;
                net_zero_year: number | null;
                /** @description When SBTi last updated the record. */
                source_updated: string | null;
            } | null;
            /** @description Publication years held per report type. */
            coverage: {
                integrated: number[];
                sustainability: number[];
                environmental: number[];
                csr: number[];
            };
            /** @description Publication years with decarbonisation metrics. */
            metrics_years: number[];
            /**
             * Format: date-time
             * @description Last change to the company record.
             */
            updated_at: string;
        };
        ReportSummary: {
            /** @example rpt_7203_2024_integrated */
            id: string;
            company_code: string;
            /** @enum {string} */
            type: "integrated" | "sustainability" | "environmental" | "csr";
            publication_year: number;
            title: string | null;
            source_url: string | null;
            pdf_url: string | null;
            /**
             * Format: date-time
             * @description Last change to the report record.
             */
            updated_at: string;
        };
        MetricSeries: {
            company_code: string;
            data: components["schemas"]["Metric"][];
            count: number;
        };
        Metric: {
            company_code: string;
            publication_year: number;
            /** @description Scope 1 emissions, t-CO2e. */
            scope1: number | null;
            /** @description Scope 2 emissions, location-based, t-CO2e. */
            scope2_location: number | null;
            /** @description Scope 2 emissions, market-based, t-CO2e. */
            scope2_market: number | null;
            /** @description Scope 3 emissions, t-CO2e. */
            scope3_total: number | null;
            /** @description Scope 3 by GHG Protocol category (`"1"`…`"15"`). */
            scope3_categories: {
                [key: string]: number;
            } | null;
            /** @constant */
            unit: "t-CO2e";
            /** @description What that year's report said. */
            sbt_status: ("1.5C" | "WB2C" | "committed" | "none") | null;
            sbt_near_term_year: number | null;
            sbt_net_zero_year: number | null;
            tcfd_supporter: boolean | null;
            cdp_score: ("A" | "A-" | "B" | "B-" | "C" | "C-" | "D" | "D-" | "F") | null;
            /** @description Share of renewable energy, 0 to 1. */
            renewable_ratio: number | null;
            /** @description Which report each figure came from: figure name → report id. */
            sources: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Last change to the record.
             */
            updated_at: string;
            /** @description The full AI extraction (only with include_raw=1). */
            raw_extraction?: {
                [key: string]: unknown;
            } | null;
        };
        Report: {
            /** @example rpt_7203_2024_integrated */
            id: string;
            company_code: string;
            /** @enum {string} */
            type: "integrated" | "sustainability" | "environmental" | "csr";
            publication_year: number;
            title: string | null;
            source_url: string | null;
            pdf_url: string | null;
            /**
             * Format: date-time
             * @description Last change to the report record.
             */
            updated_at: string;
            /** @description Figures extracted from the report by AI; verify against the PDF. */
            figures: {
                [key: string]: number | string | boolean | null;
            };
            company: {
                code: string;
                name_ja: string;
                name_en: string | null;
            };
        };
        MetricSearchRecord: {
            company_name_ja: string;
            company_name_en: string | null;
            industry_code: string;
            company_code: string;
            publication_year: number;
            /** @description Scope 1 emissions, t-CO2e. */
            scope1: number | null;
            /** @description Scope 2 emissions, location-based, t-CO2e. */
            scope2_location: number | null;
            /** @description Scope 2 emissions, market-based, t-CO2e. */
            scope2_market: number | null;
            /** @description Scope 3 emissions, t-CO2e. */
            scope3_total: number | null;
            /** @description Scope 3 by GHG Protocol category (`"1"`…`"15"`). */
            scope3_categories: {
                [key: string]: number;
            } | null;
            /** @constant */
            unit: "t-CO2e";
            /** @description What that year's report said. */
            sbt_status: ("1.5C" | "WB2C" | "committed" | "none") | null;
            sbt_near_term_year: number | null;
            sbt_net_zero_year: number | null;
            tcfd_supporter: boolean | null;
            cdp_score: ("A" | "A-" | "B" | "B-" | "C" | "C-" | "D" | "D-" | "F") | null;
            /** @description Share of renewable energy, 0 to 1. */
            renewable_ratio: number | null;
            /** @description Which report each figure came from: figure name → report id. */
            sources: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description Last change to the record.
             */
            updated_at: string;
        };
        SemanticSearchResponse: {
            /** @description Echo of q; `""` for a keyword search by author alone (no q). */
            query: string;
            /** @enum {string} */
            mode: "vector" | "keyword" | "hybrid";
            data: components["schemas"]["SemanticPaper"][];
            count: number;
            limit: number;
            offset: number;
            /** @description Matches before the limit (works with `collapse=versions`), in keyword mode only. */
            total?: number;
            /** @description Keyword mode with `cursor`: pass it as `cursor` for the next page; absent on the last page. */
            next_cursor?: string;
            /** @description Keyword mode, when `facets` was asked for: counts over the whole match set, each field adding up to `total`. */
            facets?: components["schemas"]["FacetCounts"];
            /** @description Keyword mode only. Present only when `total` is 0. `kind` `split`: q holds a run of two or more Japanese or Chinese characters (Han, hiragana, katakana) without spaces, and q split into words by a dictionary word segmenter (particles, function words and punctuation dropped; other terms kept; terms of at least 2 characters) differs from q and matches papers with the same filters. Terms are matched as substrings and AND-combined, so an unspaced phrase must appear verbatim. `total` and the records are always those of q as sent. `kind` `subset`: when there is no `split` suggestion and the terms of q (its words, when an unspaced phrase was split) match nothing together, the largest set of them that matches papers with the same filters, and its count; `dropped` names the terms left out. Of the sets of the largest size the one matching the most papers wins, then the one keeping the earlier terms. Found by counting: each term alone (a term no paper holds is left out), the rest together, a greedy set (the most frequent terms first), then every set of each size from the largest down; bounded: the first 16 distinct terms are tried and at most 64 sets counted, so a long query may get a smaller set than the largest (the largest found within the bound). None when fewer than two terms (or words) are there to choose from, or no term matches anything alone. */
            suggestion?: components["schemas"]["SearchSuggestion"];
        };
        SemanticPaper: {
            /** @description Stable, opaque paper identifier (derived from the paper's identity: its DOI when it has one). */
            id: string;
            /** @description Digital Object Identifier (lower-case, without resolver prefix). */
            doi: string | null;
            /** @description Title in its original language. */
            title: string | null;
            /** @description Japanese title, AI-translated when needed. */
            title_ja: string | null;
            /** @description English title, AI-translated when needed. */
            title_en: string | null;
            /** @description Author display names. */
            authors: string[];
            /** @description The original abstract, in full. */
            abstract: string | null;
            /** @description AI summary in Japanese. */
            ai_summary_ja: string | null;
            /** @description AI summary in English. */
            ai_summary_en: string | null;
            /** @description Primary topic slug. */
            primary_topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /** @description AI-assigned keyword tags. */
            tags: string[];
            /** @description Publication venue name. */
            venue: string | null;
            /** @description Publication date (YYYY-MM-DD). */
            publication_date: string | null;
            /** @description Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters. */
            lang: ("ja" | "en" | "mul") | null;
            /** @description Original source address. */
            source_url: string | null;
            /** @description Address of the full text as PDF. */
            pdf_url: string | null;
            /** @description Editorial shelf. */
            shelf: ("curated" | "japan_to_global" | "global_to_japan") | null;
            /** @description Whether the venue reviews its papers. */
            is_peer_reviewed: boolean | null;
            /** @description Quality score; published papers have passed a quality gate. */
            draft_score: number | null;
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
            /** @description Cosine similarity in vector and hybrid modes; null in keyword mode (and for hybrid hits the vector side did not find). */
            vector_score: number | null;
            /** @description Keyword mode: the keyword relevance model's score (0 for a search by author alone, which scores nothing). Hybrid mode: the lexical side's BM25 score (null for hits only the vector side found). Null in vector mode. */
            keyword_score: number | null;
            /** @description Present with `highlight=true`: where the words of q occur in the text this record carries. */
            highlights?: components["schemas"]["Highlight"][];
            /** @description Hybrid mode: the fused score that orders the page, w × the lexical side's min–max-normalised score + (1 − w) × the vector side's (0 for a side that did not find the paper). */
            fused_score?: number;
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
        SemanticPaperBatchResponse: {
            /** @description Entries in `results`: the number of ids given, repeats included. */
            count: number;
            /** @description Entries of `results` that hold a paper (not null). */
            found: number;
            /** @description One entry per id given, in the same order and as many: the paper (the record of a search result, its scores null: nothing was searched) or null when no paper has that id, DOI or work id. */
            results: (components["schemas"]["SemanticPaper"] | null)[];
        };
        SemanticPaperReferencesPage: {
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
            results: (components["schemas"]["SemanticPaper"] | components["schemas"]["ExternalReference"])[];
        };
        /** @description A reference to a work not in this corpus, as the citing paper gave it: a DOI or an OpenAlex work id. It has no `id`; a reference to a paper of the corpus is that paper's record instead. */
        ExternalReference: {
            /** @description The DOI the paper cited (lower-case, without resolver prefix); null when it cited an OpenAlex work id. */
            doi: string | null;
            /** @description The OpenAlex work id the paper cited (`W` and digits); null when it cited a DOI. */
            openalex_id: string | null;
        };
        SemanticPaperCitedByPage: {
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
            results: components["schemas"]["SemanticPaper"][];
        };
        RelatedPapersResponse: {
            /** @description The paper the results are related to. */
            paper_id: string;
            /** @description Records in this response (fewer than `limit` when fewer papers are related or pass the filters). */
            count: number;
            limit: number;
            /** @description Related papers, most related first: never the paper itself nor another version of it, each work once. */
            results: components["schemas"]["RelatedSemanticPaper"][];
            /** @description The signals consulted for this answer. */
            signals_used: ("vector" | "bibliographic_coupling" | "co_citation" | "lexical")[];
            /** @description Present when a signal could not be consulted (the vector index still being built after a start, or down; the ranked index still being prepared): the answer comes from the other signals, never a 503 for that alone. */
            signals_unavailable?: {
                /** @enum {string} */
                signal: "vector" | "bibliographic_coupling" | "co_citation" | "lexical";
                reason: string;
            }[];
        };
        RelatedSemanticPaper: {
            /** @description Stable, opaque paper identifier (derived from the paper's identity: its DOI when it has one). */
            id: string;
            /** @description Digital Object Identifier (lower-case, without resolver prefix). */
            doi: string | null;
            /** @description Title in its original language. */
            title: string | null;
            /** @description Japanese title, AI-translated when needed. */
            title_ja: string | null;
            /** @description English title, AI-translated when needed. */
            title_en: string | null;
            /** @description Author display names. */
            authors: string[];
            /** @description The original abstract, in full. */
            abstract: string | null;
            /** @description AI summary in Japanese. */
            ai_summary_ja: string | null;
            /** @description AI summary in English. */
            ai_summary_en: string | null;
            /** @description Primary topic slug. */
            primary_topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /** @description AI-assigned keyword tags. */
            tags: string[];
            /** @description Publication venue name. */
            venue: string | null;
            /** @description Publication date (YYYY-MM-DD). */
            publication_date: string | null;
            /** @description Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters. */
            lang: ("ja" | "en" | "mul") | null;
            /** @description Original source address. */
            source_url: string | null;
            /** @description Address of the full text as PDF. */
            pdf_url: string | null;
            /** @description Editorial shelf. */
            shelf: ("curated" | "japan_to_global" | "global_to_japan") | null;
            /** @description Whether the venue reviews its papers. */
            is_peer_reviewed: boolean | null;
            /** @description Quality score; published papers have passed a quality gate. */
            draft_score: number | null;
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
            /** @description Cosine similarity in vector and hybrid modes; null in keyword mode (and for hybrid hits the vector side did not find). */
            vector_score: number | null;
            /** @description Keyword mode: the keyword relevance model's score (0 for a search by author alone, which scores nothing). Hybrid mode: the lexical side's BM25 score (null for hits only the vector side found). Null in vector mode. */
            keyword_score: number | null;
            /** @description The fused score that orders the answer: weighted reciprocal rank fusion, Σ weight / (60 + rank) over the signals that found the paper's work (weight 1 for vector and lexical; 2 for bibliographic_coupling and co_citation, times the evidence found, its Adamic–Adar score, at most 1); recommendations subtract half the same sum over the negatives' signals, so it may be negative. Comparable within one answer only. */
            related_score: number;
            /** @description `vector` (near its embedding), `bibliographic_coupling` (shares references), `co_citation` (cited together by the same papers), `lexical` (alike in its title, tag and topic words): the signals that found it. `vector_score` is its cosine similarity when `vector` found it, `keyword_score` its BM25 score when `lexical` did. */
            signals: ("vector" | "bibliographic_coupling" | "co_citation" | "lexical")[];
        };
        RecommendationsResponse: {
            /** @description The positive ids, distinct, as given. */
            positive: string[];
            /** @description The negative ids, distinct, as given. */
            negative: string[];
            count: number;
            limit: number;
            /** @description Recommended papers, best first: never a given paper nor another version of one, each work once. */
            results: components["schemas"]["RelatedSemanticPaper"][];
            /** @description The signals consulted for this answer. */
            signals_used: ("vector" | "bibliographic_coupling" | "co_citation" | "lexical")[];
            /** @description Present when a signal could not be consulted (the vector index still being built after a start, or down; the ranked index still being prepared): the answer comes from the other signals, never a 503 for that alone. */
            signals_unavailable?: {
                /** @enum {string} */
                signal: "vector" | "bibliographic_coupling" | "co_citation" | "lexical";
                reason: string;
            }[];
        };
        PaperChangePage: {
            /** @description Changes in commit order. */
            data: components["schemas"]["PaperChange"][];
            /** @description Changes in this answer. */
            count: number;
            /** @description The applied limit. */
            limit: number;
            /** @description Pass as `since` for what follows: never null (a feed has no last page); with `has_more` false, ask again later with it. */
            next_cursor: string;
            /** @description More changes are already waiting after `next_cursor`. */
            has_more: boolean;
        };
        PaperChange: {
            /** @description Where this change ends: pass it as `since` to continue right after it (e.g. a checkpoint in the middle of a page). */
            cursor: string;
            /**
             * @description `upsert`: the paper was added or changed; `paper` is its record as it is now. `delete`: it was removed; `paper` is null. An upsert of a paper that has been removed since is given as `delete` (the removal itself follows later).
             * @enum {string}
             */
            op: "upsert" | "delete";
            /** @description The paper the change is about. */
            paper_id: string;
            /**
             * Format: date-time
             * @description When the change was made (UTC).
             */
            changed_at: string;
            /** @description The paper as it is now (it may already hold later changes, which follow in the feed); null for `delete`. */
            paper: components["schemas"]["PaperRecord"] | null;
        };
        /** @description A paper as stored: every field, in the stored order; the topic is `primary_topic`. */
        PaperRecord: {
            /** @description Stable, opaque paper identifier (derived from the paper's identity: its DOI when it has one). */
            id: string;
            /** @description Digital Object Identifier (lower-case, without resolver prefix). */
            doi: string | null;
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
            /** @description The original abstract, in full. */
            abstract: string | null;
            /** @description AI summary in English. */
            ai_summary_en: string | null;
            /** @description AI summary in Japanese. */
            ai_summary_ja: string | null;
            /** @description Original source address. */
            source_url: string | null;
            /** @description Publication venue name. */
            venue: string | null;
            /** @description Kind of venue. */
            venue_type: ("preprint" | "journal" | "conference" | "dataset" | "report") | null;
            /** @description Primary topic slug. */
            primary_topic: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
            /** @description AI-assigned keyword tags. */
            tags: string[];
            /** @description Paper language; `mul` (multilingual, including Chinese-language papers published with Japanese and English AI titles and summaries) matches both `ja` and `en` filters. */
            lang: ("ja" | "en" | "mul") | null;
            /** @description Where the record came from (a source repository, an ingest source, or `demo` for generated demo data). */
            source: string | null;
            /** @description Editorial shelf. */
            shelf: ("curated" | "japan_to_global" | "global_to_japan") | null;
            /** @description Whether the venue reviews its papers. */
            is_peer_reviewed: boolean | null;
            /** @description Quality score; published papers have passed a quality gate. */
            draft_score: number | null;
            /** @description Publication date (YYYY-MM-DD). */
            publication_date: string | null;
            /** @description Address of the full text as PDF. */
            pdf_url: string | null;
            /** @description How many works cite this paper, as its source counted them when it was last ingested. */
            cited_by_count: number | null;
            /** @description OpenAlex work id (`W` and digits). */
            openalex_id: string | null;
            /** @description How many references the paper lists, whether or not they are in this corpus. */
            references_count: number;
            /** @description How many papers of this corpus cite this paper. */
            cited_by_corpus_count: number;
            /** @description The work this record is a version of (the smallest id among its versions; its own id when it has none). */
            work_id: string;
            /** @description The other records of the same work (preprint, journal, conference, report), oldest first. */
            versions: components["schemas"]["PaperVersion"][];
            /**
             * Format: date-time
             * @description ISO 8601 UTC time the record was first added to the corpus.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC time of the last change to the record.
             */
            updated_at: string;
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
        IntelligenceEventPage: {
            data: components["schemas"]["IntelligenceEvent"][];
            count: number;
            limit: number;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        IntelligenceEvent: {
            /** @example evt_3q2x9Jm0bQ1aZk7L4pVwYc */
            id: string;
            /** @example paper.published */
            event_type: string;
            /** @enum {string} */
            status: "observed" | "verified" | "published" | "retracted";
            subject_kind: string;
            subject_id: string;
            /**
             * Format: date-time
             * @description When it happened (UTC).
             */
            occurred_at: string;
            /** @description References to the original data, never copies of it. */
            evidence_refs: {
                kind: string;
                ref: string;
            }[];
            /** @description A small display aggregate. */
            summary: {
                [key: string]: string | number | boolean | null;
            };
            /**
             * Format: date-time
             * @description When it was recorded.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Its last transition.
             */
            updated_at: string;
        };
        KeyApplicationAnswer: {
            /** @description The key itself: shown only in this answer; keep it now. */
            key: string;
            key_id: string;
            key_hint: string;
            /** @enum {string} */
            plan: "trial" | "demo" | "researcher" | "paid" | "internal";
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "revoked" | "expired";
            /** Format: date-time */
            created_at: string;
            detail: string;
        };
        ApiKey: {
            /**
             * @description Public, non-secret key id.
             * @example key_Abc123xyz_-0
             */
            id: string;
            /** @enum {string} */
            plan: "trial" | "demo" | "researcher" | "paid" | "internal";
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "revoked" | "expired";
            daily_limit: number | null;
            monthly_limit: number | null;
            /** @description The prefix and the last four characters. */
            key_hint: string;
            email: string | null;
            name: string | null;
            organization: string | null;
            purpose: string | null;
            expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ApiKeyWithSecret: {
            /**
             * @description Public, non-secret key id.
             * @example key_Abc123xyz_-0
             */
            id: string;
            /** @enum {string} */
            plan: "trial" | "demo" | "researcher" | "paid" | "internal";
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "revoked" | "expired";
            daily_limit: number | null;
            monthly_limit: number | null;
            /** @description The prefix and the last four characters. */
            key_hint: string;
            email: string | null;
            name: string | null;
            organization: string | null;
            purpose: string | null;
            expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The key itself: shown only in this answer; keep it now. */
            key: string;
        };
        /**
         * @description Every code a problem answer of this door may carry (the `code` member of Problem), as its operations' responses list them; each response states its own. Codes of the form `<family>:<field>` are listed in ProblemCodeFamily.
         * @enum {string}
         */
        ProblemCode: "auth_unavailable" | "conflicting_ids" | "credentials_in_query" | "cursor_expired" | "database_unavailable" | "duplicate_pending_application" | "embedding_failed" | "forbidden" | "headers_too_large" | "internal_error" | "invalid_api_key" | "invalid_as_of" | "invalid_author" | "invalid_body" | "invalid_collapse" | "invalid_cursor" | "invalid_email" | "invalid_event_type" | "invalid_facets" | "invalid_format" | "invalid_highlight" | "invalid_id" | "invalid_ids" | "invalid_include_raw" | "invalid_industry" | "invalid_key_transition" | "invalid_lang" | "invalid_limit" | "invalid_min_score" | "invalid_mode" | "invalid_occurred_from" | "invalid_occurred_to" | "invalid_offset" | "invalid_plan" | "invalid_sbt_status" | "invalid_shelf" | "invalid_since" | "invalid_sort" | "invalid_status" | "invalid_subject_id" | "invalid_subject_kind" | "invalid_time_range" | "invalid_topic" | "invalid_transition" | "invalid_type" | "invalid_venue_type" | "invalid_year" | "invalid_year_from" | "invalid_year_range" | "invalid_year_to" | "key_expired" | "key_not_approved" | "missing_bearer" | "missing_field:ids" | "missing_field:positive" | "missing_query" | "not_found" | "query_too_long" | "ranking_unavailable" | "rate_limit_exceeded" | "release_expired" | "release_preparing" | "release_unavailable" | "search_unavailable" | "term_too_short" | "too_many_ids" | "unknown_paper" | "unknown_parameter" | "unknown_release" | "upstream_failed" | "upstream_unavailable" | "uri_too_long" | "vector_unavailable";
        /**
         * @description The families of codes that name a field: `<family>:<field>` (`missing_field:email`, `invalid_field:plan`).
         * @enum {string}
         */
        ProblemCodeFamily: "invalid_field" | "missing_field";
    };
    responses: {
        /** @description No valid key. Codes: `missing_bearer` (no `Authorization: Bearer` credential); `invalid_api_key` (the key is malformed, unknown, rejected or revoked); `key_expired` (the key has expired). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 401;
                    /** @enum {string} */
                    code: "missing_bearer" | "invalid_api_key" | "key_expired";
                } & {
                    [key: string]: unknown;
                });
            };
        };
        /** @description The key may not do this. Codes: `key_not_approved` (the key is pending approval). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 403;
                    /** @enum {string} */
                    code: "key_not_approved";
                } & {
                    [key: string]: unknown;
                });
            };
        };
        /** @description The URL is too long: the request line and headers together may hold at most 16 KiB (16,384 bytes). A `q` that long is the search's own 400 `query_too_long` instead. The connection is closed after the answer. Codes: `uri_too_long` (the request line alone passes the limit). */
        UriTooLong: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
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
        /** @description The key's allowance or per-second burst limit is used up (`violated-policies`: `daily`, `monthly` or `burst`). Codes: `rate_limit_exceeded` (a limit is used up; retry after Retry-After seconds). */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
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
        /** @description The headers are too large: the request line and headers together may hold at most 16 KiB (16,384 bytes). The connection is closed after the answer. Codes: `headers_too_large` (the request line and headers together pass the limit). */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
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
        /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
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
        /** @description A service behind the gateway failed. Codes: `upstream_failed` (a backend service did not answer within 10 seconds or answered something that is not HTTP). */
        BadGateway: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
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
        /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `auth_unavailable` (keys or allowances cannot be checked right now); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds). */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                "Retry-After": components["headers"]["Retry-After.optional"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 503;
                    /** @enum {string} */
                    code: "upstream_unavailable" | "auth_unavailable" | "database_unavailable";
                } & {
                    [key: string]: unknown;
                });
            };
        };
        /** @description The key may not do this. Codes: `key_not_approved` (the key is pending approval); `forbidden` (the key is not an Internal-plan key). */
        ForbiddenNotInternal: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 403;
                    /** @enum {string} */
                    code: "key_not_approved" | "forbidden";
                } & {
                    [key: string]: unknown;
                });
            };
        };
        /** @description Too many applications from this client IP (`violated-policies`: `["applications"]`). Codes: `rate_limit_exceeded` (a limit is used up; retry after Retry-After seconds). */
        TooManyRequestsNoKey: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                RateLimit: components["headers"]["RateLimit.applications"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
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
        /** @description Unexpected fault; no internals are disclosed. Codes: `internal_error` (an unexpected fault). */
        InternalErrorNoKey: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                RateLimit: components["headers"]["RateLimit.applications"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
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
        /** @description A service behind the gateway failed. Codes: `upstream_failed` (a backend service did not answer within 10 seconds or answered something that is not HTTP). */
        BadGatewayNoKey: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                RateLimit: components["headers"]["RateLimit.applications"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
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
        /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds). */
        ServiceUnavailableNoKey: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                "X-Disclaimer": components["headers"]["X-Disclaimer"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                RateLimit: components["headers"]["RateLimit.applications"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
                "Retry-After": components["headers"]["Retry-After.optional"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"] & ({
                    /** @constant */
                    status: 503;
                    /** @enum {string} */
                    code: "upstream_unavailable" | "database_unavailable";
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
        /** @description DOI link of the evaluation framework; quote it in academic citation. */
        "X-SNE-Framework-DOI": string;
        /** @description Extraction is AI-assisted and must be verified against the source PDF (percent-encoded when not ASCII). */
        "X-Disclaimer": string;
        "X-RateLimit-Limit": number;
        "X-RateLimit-Remaining": number;
        "X-RateLimit-Limit-Month": number;
        "X-RateLimit-Remaining-Month": number;
        "RateLimit-Policy": string;
        RateLimit: string;
        /** @description The Bearer challenge: `Bearer realm="gx-data-api", error="invalid_token"`. */
        "WWW-Authenticate": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        "Retry-After.optional": number;
        /** @description The answer depends on `Accept` (which may ask for a citation file or CSV instead of JSON). */
        "Vary.Accept": "Accept";
        "Content-Disposition.download": string;
        "ETag.download": string;
        "X-Content-Type-Options": "nosniff";
        /** @description `attachment; filename="export-….jsonl"` (or `.csv`; `filename*` with the name in UTF-8 when it is not ASCII). */
        "Content-Disposition.export": string;
        /** @description `private, no-store` */
        "Cache-Control.export": "private, no-store";
        /** @description `nosniff` */
        "X-Content-Type-Options.export": "nosniff";
        /** @description Papers matching now, in the whole match set (the progress of a multi-call export). */
        "X-Total-Count": number;
        /** @description Requests of the key's allowance this call costs: one per 1000 records it plans to stream (rounded up), at least one. */
        "X-Request-Cost": number;
        "RateLimit-Policy.applications": string;
        "RateLimit.applications": string;
        "X-RateLimit-Limit.applications": number;
        "X-RateLimit-Remaining.applications": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCompanies: {
        parameters: {
            query?: {
                /** @description Records per page, 1 to 500. */
                limit?: number;
                /** @description Records to skip. */
                offset?: number;
                /** @description A TSE 33-sector code (`3700`, or `50` for `0050`) or its Japanese or English name, case-insensitive. */
                industry?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of companies. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CompanySummary"][];
                        /** @description Records in this response. */
                        count: number;
                        /** @description The applied limit. */
                        limit: number;
                        /** @description The applied offset. */
                        offset: number;
                        /** @description Matching records before limit and offset. */
                        total: number;
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_limit` (limit is not 1 to 500); `invalid_offset` (offset is not a whole number from 0); `invalid_industry` (not a TSE 33-sector code or name). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_limit" | "invalid_offset" | "invalid_industry";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Securities code: a digit, then three digits or letters (`7203`, `130A`; lower case accepted). */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the securities code is not a digit and three digits or letters). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no company has this securities code). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCompanyReports: {
        parameters: {
            query?: {
                /** @description Records per page, 1 to 100. */
                limit?: number;
                /** @description Records to skip. */
                offset?: number;
                /** @description Only reports of this type. */
                type?: "integrated" | "sustainability" | "environmental" | "csr";
                /** @description Only reports of this publication year, 1990 to 2100. */
                year?: number;
            };
            header?: never;
            path: {
                /** @description Securities code: a digit, then three digits or letters (`7203`, `130A`; lower case accepted). */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reports. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReportSummary"][];
                        /** @description Records in this response. */
                        count: number;
                        /** @description The applied limit. */
                        limit: number;
                        /** @description The applied offset. */
                        offset: number;
                        /** @description Matching records before limit and offset. */
                        total: number;
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the securities code is not a digit and three digits or letters); `invalid_limit` (limit is not 1 to 100); `invalid_offset` (offset is not a whole number from 0); `invalid_type` (not a report type); `invalid_year` (year is not 1990 to 2100). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id" | "invalid_limit" | "invalid_offset" | "invalid_type" | "invalid_year";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no company has this securities code). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCompanyMetrics: {
        parameters: {
            query?: {
                /** @description First publication year, 1990 to 2100. */
                year_from?: number;
                /** @description Last publication year, 1990 to 2100. */
                year_to?: number;
                /** @description `1` adds each record's `raw_extraction` (the full extraction JSON; heavy). */
                include_raw?: "0" | "1";
            };
            header?: never;
            path: {
                /** @description Securities code: a digit, then three digits or letters (`7203`, `130A`; lower case accepted). */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metric series. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricSeries"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the securities code is not a digit and three digits or letters); `invalid_year_from` (year_from is not 1990 to 2100); `invalid_year_to` (year_to is not 1990 to 2100); `invalid_year_range` (year_from is after year_to); `invalid_include_raw` (include_raw is not 1 or 0). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id" | "invalid_year_from" | "invalid_year_to" | "invalid_year_range" | "invalid_include_raw";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no company has this securities code). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Report id: `rpt_{code}_{publication year}_{type}`. */
                report_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (not of the form rpt_{code}_{year}_{type}). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no report has this id). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchMetrics: {
        parameters: {
            query?: {
                /** @description Records per page, 1 to 1000. */
                limit?: number;
                /** @description Records to skip. */
                offset?: number;
                /** @description A TSE 33-sector code (`3700`, or `50` for `0050`) or its Japanese or English name, case-insensitive. */
                industry?: string;
                /** @description Only records of this publication year, 1990 to 2100. */
                year?: number;
                /** @description Only records whose report stated this SBT status. */
                sbt_status?: "1.5C" | "WB2C" | "committed" | "none";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of metric records. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MetricSearchRecord"][];
                        /** @description Records in this response. */
                        count: number;
                        /** @description The applied limit. */
                        limit: number;
                        /** @description The applied offset. */
                        offset: number;
                        /** @description Matching records before limit and offset. */
                        total: number;
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_limit` (limit is not 1 to 1000); `invalid_offset` (offset is not a whole number from 0); `invalid_industry` (not a TSE 33-sector code or name); `invalid_year` (year is not 1990 to 2100); `invalid_sbt_status` (not one of 1.5C, WB2C, committed, none). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_limit" | "invalid_offset" | "invalid_industry" | "invalid_year" | "invalid_sbt_status";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchPapersSemantic: {
        parameters: {
            query?: {
                /** @description The query, 2 to 1000 characters; Japanese, English or mixed, a few words or a question in sentences (vector and hybrid modes). In keyword mode white-space-separated terms, as many as q holds, each of at least 2 characters, all AND-combined (the public search's limit of 5 terms does not apply here). Keyword mode: Required unless `author` is given: `author` alone (no q) lists every paper with an author of that name that the other filters admit, newest first (the relevance order when nothing is searched for), and the answer echoes `query` as `""`. Vector and hybrid modes: required. */
                q?: string;
                /** @description `vector` (nearest neighbours of the query embedding), `keyword` (AND of substring matches) or `hybrid` (our addition: a ranked any-term lexical search, BM25 over titles, tags, abstracts and summaries, fused with the vector search by a convex combination of their normalised scores; for questions in sentences). */
                mode?: "vector" | "keyword" | "hybrid";
                /** @description Only papers whose primary_topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description Records per page, 1 to 50. */
                limit?: number;
                /** @description Records to skip; offset + limit may not exceed 10000 in keyword mode, 300 in vector mode, 100 in hybrid mode. */
                offset?: number;
                /** @description Lower bound on draft_score, 0 to 100; papers without a score pass only a bound of 0. */
                min_score?: number;
                /** @description `ja` and `en` include multilingual (`mul`) papers; `all` applies no filter. */
                lang?: "ja" | "en" | "all";
                /** @description Editorial shelf; `all` applies no filter. */
                shelf?: "curated" | "japan_to_global" | "global_to_japan" | "all";
                /** @description `true` adds to each record `highlights`: for every match of a term in a text the record carries (titles, the abstract as returned, tags, topic), the field (and the position in a list field), `start` and `end` as UTF-16 offsets into that value as returned (`value.slice(start, end)` is the matched text; matching is NFKC and case-folded, so `co2` finds `ＣＯ２`), the term, and a snippet around it. A match only in text the record does not carry (a part of a long abstract left out) is not listed. Default `false`. Keyword mode marks its terms; vector and hybrid modes mark the words of q (white-space-separated, at least 2 characters) where they occur literally. */
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
            /** @description One page of papers, best first, in the representation asked for (JSON by default). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Vary: components["headers"]["Vary.Accept"];
                    "Content-Disposition": components["headers"]["Content-Disposition.download"];
                    ETag: components["headers"]["ETag.download"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticSearchResponse"];
                    "application/x-bibtex": string;
                    "application/x-research-info-systems": string;
                    "application/vnd.citationstyles.csl+json": string;
                    "text/csv": string;
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `missing_query` (q is shorter than 2 characters, or absent (in vector and hybrid modes, or in keyword mode without author)); `query_too_long` (q is longer than 1000 characters); `invalid_mode` (mode is not vector, keyword or hybrid); `invalid_topic` (not one of the 25 topic slugs); `invalid_limit` (limit is not 1 to 50); `invalid_offset` (offset is not a whole number from 0, or offset + limit passes the mode's window); `invalid_min_score` (min_score is not a number from 0 to 100); `invalid_lang` (lang is not ja, en or all); `invalid_shelf` (shelf is not curated, japan_to_global, global_to_japan or all); `invalid_highlight` (highlight is not true or false); `invalid_author` (author is not 1 to 200 characters once trimmed); `invalid_since` (since is not an ISO 8601 date or a date and time with its offset); `invalid_facets` (facets is not a comma-separated list of topic, lang, year, venue_type); `invalid_sort` (sort is not one of relevance, newest, cited_by); `invalid_collapse` (collapse is not one of versions); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_venue_type` (venue_type is not one of preprint, journal, conference, dataset, report); `invalid_cursor` (cursor is not * or a next_cursor of this search, or is sent with offset, a sort other than newest, or collapse); `term_too_short` (keyword mode: a term shorter than 2 characters); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)); `invalid_format` (format is not one of json, bibtex, ris, csl-json, csv). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "missing_query" | "query_too_long" | "invalid_mode" | "invalid_topic" | "invalid_limit" | "invalid_offset" | "invalid_min_score" | "invalid_lang" | "invalid_shelf" | "invalid_highlight" | "invalid_author" | "invalid_since" | "invalid_facets" | "invalid_sort" | "invalid_collapse" | "invalid_year_from" | "invalid_year_to" | "invalid_venue_type" | "invalid_cursor" | "term_too_short" | "invalid_as_of" | "unknown_release" | "invalid_format";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description A service behind the gateway failed. Codes: `upstream_failed` (a backend service did not answer within 10 seconds or answered something that is not HTTP); `embedding_failed` (the embedding service failed or timed out; retry, or use mode=keyword). */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 502;
                        /** @enum {string} */
                        code: "upstream_failed" | "embedding_failed";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `auth_unavailable` (keys or allowances cannot be checked right now); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds); `vector_unavailable` (no vector index or embedder is configured, or it cannot be reached or started; use mode=keyword); `ranking_unavailable` (hybrid mode: the lexical side's ranked index is still being built after a start (Retry-After says when to retry); use mode=keyword meanwhile); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "upstream_unavailable" | "auth_unavailable" | "database_unavailable" | "vector_unavailable" | "ranking_unavailable" | "release_preparing" | "release_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    exportPapers: {
        parameters: {
            query?: {
                /** @description White-space-separated terms, each of at least 2 characters, all AND-combined as in the search's keyword mode; 2 to 1000 characters. Required unless `author` is given (every paper of that author the filters admit). */
                q?: string;
                /** @description Only papers whose primary_topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description `ja` and `en` include multilingual (`mul`) papers; `all` applies no filter. */
                lang?: "ja" | "en" | "all";
                /** @description Editorial shelf; `all` applies no filter. */
                shelf?: "curated" | "japan_to_global" | "global_to_japan" | "all";
                /** @description Lower bound on draft_score, 0 to 100; papers without a score pass only a bound of 0. */
                min_score?: number;
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
                /** @description What to stream: `jsonl` (JSON Lines, the default: one record per line, then one closing line) or `csv` (a header row, then one row per record). Without `format`, `Accept` chooses (`application/x-ndjson` or `application/jsonl`, `text/csv`). */
                format?: "jsonl" | "csv";
                /** @description Where to continue: the `next_cursor` of the previous call's closing line (JSON Lines), or the `cursor` of the last row received (CSV), with the same other parameters. Absent: from the start. */
                cursor?: string;
                as_of?: string;
                /** @description Records this call streams at most, 1 to 10000 (the default); fewer when the key's allowance left covers fewer (1000 records per request). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The match set, newest first, as a stream. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    Vary: components["headers"]["Vary.Accept"];
                    "Content-Disposition": components["headers"]["Content-Disposition.export"];
                    "Cache-Control": components["headers"]["Cache-Control.export"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options.export"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    "X-Request-Cost": components["headers"]["X-Request-Cost"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `missing_query` (q is absent without author, or shorter than 2 characters); `query_too_long` (q is longer than 1000 characters); `term_too_short` (a term shorter than 2 characters); `invalid_topic` (not one of the 25 topic slugs); `invalid_lang` (lang is not ja, en or all); `invalid_shelf` (shelf is not curated, japan_to_global, global_to_japan or all); `invalid_min_score` (min_score is not a number from 0 to 100); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_venue_type` (venue_type is not one of preprint, journal, conference, dataset, report); `invalid_author` (author is not 1 to 200 characters once trimmed); `invalid_since` (since is not an ISO 8601 date or a date and time with its offset); `invalid_format` (format is not one of jsonl, csv); `invalid_cursor` (cursor is not a next_cursor (or CSV row cursor) of an export, unchanged, or continues an export as of another release than as_of names); `invalid_limit` (limit is not a whole number from 1 to 10000); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "missing_query" | "query_too_long" | "term_too_short" | "invalid_topic" | "invalid_lang" | "invalid_shelf" | "invalid_min_score" | "invalid_year_from" | "invalid_year_to" | "invalid_venue_type" | "invalid_author" | "invalid_since" | "invalid_format" | "invalid_cursor" | "invalid_limit" | "invalid_as_of" | "unknown_release";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `auth_unavailable` (keys or allowances cannot be checked right now); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds); `search_unavailable` (the search backend failed before the first byte); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "upstream_unavailable" | "auth_unavailable" | "database_unavailable" | "search_unavailable" | "release_preparing" | "release_unavailable";
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
                     * @description 1 to 500 ids, answered in the same order: paper ids (as search results give them), DOIs as `doi:10.…` (any case, normalised as stored DOIs are) and OpenAlex work ids as `openalex:W…`. Repeats are allowed, answered at each position and looked up once.
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
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticPaperBatchResponse"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 128kb, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:ids` (ids is absent, null or empty); `invalid_field:*` (ids is not an array of strings (`invalid_field:ids`), or a field the request does not have (`invalid_field:limit`)); `too_many_ids` (ids holds more than 500 ids); `invalid_ids` (an id is none of the three forms (an id is a paper id (1 to 128 letters, digits, "_" or "-", as search results give it), a DOI as doi:10.… or an OpenAlex work id as openalex:W…, at most 256 characters); `invalid_positions` lists the positions at fault, from 0); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body" | "missing_field:ids" | "too_many_ids" | "invalid_ids" | "invalid_as_of" | "unknown_release") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
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
            /** @description One page of references. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticPaperReferencesPage"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_limit` (limit is not a whole number from 1 to 100); `invalid_cursor` (cursor is not * or a next_cursor of this endpoint, unchanged); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id" | "invalid_limit" | "invalid_cursor" | "invalid_as_of" | "unknown_release";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
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
            /** @description One page of citing papers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SemanticPaperCitedByPage"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_limit` (limit is not a whole number from 1 to 100); `invalid_cursor` (cursor is not * or a next_cursor of this endpoint, unchanged); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id" | "invalid_limit" | "invalid_cursor" | "invalid_as_of" | "unknown_release";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRelatedPapersSemantic: {
        parameters: {
            query?: {
                /** @description Only papers whose primary_topic is this slug. */
                topic?: "esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other";
                /** @description `ja` and `en` include multilingual (`mul`) papers; `all` applies no filter. */
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
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelatedPapersResponse"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (the id is not 1 to 128 letters, digits, "_" or "-"); `invalid_topic` (not one of the 25 topic slugs); `invalid_lang` (lang is not ja, en or all); `invalid_limit` (limit is not a whole number from 1 to 50); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_since` (since is an ISO 8601 date (2026-01-01) or a date and time with its offset (2026-01-01T09:00:00Z, 2026-01-01T18:00:00+09:00)); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id" | "invalid_topic" | "invalid_lang" | "invalid_limit" | "invalid_year_from" | "invalid_year_to" | "invalid_since" | "invalid_as_of" | "unknown_release";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no paper with this id (in the release as_of names, when given)). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `auth_unavailable` (keys or allowances cannot be checked right now); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds); `ranking_unavailable` (with as_of: the ranked retrieval of the release's search index is still being prepared (Retry-After says when to retry)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "upstream_unavailable" | "auth_unavailable" | "database_unavailable" | "release_preparing" | "release_unavailable" | "ranking_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    recommendPapers: {
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
                    /** @description Papers the recommendations should be like: at least one id (as search results give them). */
                    positive: string[];
                    /** @description Papers the recommendations should be unlike: their neighbours are pushed down. Optional. */
                    negative?: string[] | null;
                    /** @description Recommendations to return, 1 to 50 (default 10). */
                    limit?: number | null;
                    /** @description Only papers whose primary_topic is this slug. */
                    topic?: ("esg" | "energy_transition" | "carbon_pricing" | "climate_finance" | "ccus" | "hydrogen" | "renewable" | "policy" | "carbon_accounting" | "climate_science" | "disclosure_infrastructure" | "transition_finance" | "energy_efficiency" | "scope3" | "scope1_2" | "tcfd" | "sbt" | "cdp" | "ev" | "greenwashing" | "climate_risk" | "biodiversity" | "supply_chain" | "ai_esg" | "other") | null;
                    /** @description `ja` and `en` include multilingual (`mul`) papers; `all` (the default) applies no filter. */
                    lang?: ("ja" | "en" | "all") | null;
                    /** @description Only papers published in or after this year (papers without a year are left out). */
                    year_from?: number | null;
                    /** @description Only papers published in or before this year (papers without a year are left out). */
                    year_to?: number | null;
                    /** @description Only papers first added to this corpus at or after this time (their `created_at`, not their publication date): an ISO 8601 date (`2026-01-01`, read as midnight UTC) or a date and time with its offset (`2026-01-01T09:00:00+09:00`, `2026-01-01T00:00:00Z`), to the millisecond. */
                    since?: string | null;
                };
            };
        };
        responses: {
            /** @description The recommended papers, best first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecommendationsResponse"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:positive` (positive is absent, null or empty); `invalid_field:*` (positive or negative is not an array of strings (`invalid_field:positive`), or a field the request does not have (`invalid_field:mode`)); `invalid_id` (an id of positive or negative is not 1 to 128 letters, digits, "_" or "-"); `too_many_ids` (positive and negative hold more than 100 ids together); `conflicting_ids` (an id is both positive and negative); `unknown_paper` (no paper has one of the ids (in the release as_of names, when given; `unknown_ids` lists them)); `invalid_topic` (not one of the 25 topic slugs); `invalid_lang` (lang is not ja, en or all); `invalid_limit` (limit is not a whole number from 1 to 50); `invalid_year_from` (year_from is not a whole number from 1000 to 2100); `invalid_year_to` (year_to is not a whole number from 1000 to 2100, or is before year_from); `invalid_since` (since is an ISO 8601 date (2026-01-01) or a date and time with its offset (2026-01-01T09:00:00Z, 2026-01-01T18:00:00+09:00)); `invalid_as_of` (as_of is not a release id); `unknown_release` (as_of names no release that was cut (`detail` names the latest)). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body" | "missing_field:positive" | "invalid_id" | "too_many_ids" | "conflicting_ids" | "unknown_paper" | "invalid_topic" | "invalid_lang" | "invalid_limit" | "invalid_year_from" | "invalid_year_to" | "invalid_since" | "invalid_as_of" | "unknown_release") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Gone. Codes: `release_expired` (the release as_of names is past its retention (`oldest_kept` names the oldest release still kept)). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            /** @description Temporarily unavailable; retry after Retry-After seconds when given. Codes: `upstream_unavailable` (a backend service cannot be reached (with Retry-After)); `auth_unavailable` (keys or allowances cannot be checked right now); `database_unavailable` (the database is down, restarting or did not answer in time; retry after Retry-After seconds); `release_preparing` (the search index (or, in vector and hybrid modes, the vectors) of the release as_of names is being opened or built (the latest release's is ready before anyone asks); retry after Retry-After seconds); `release_unavailable` (the search index (or the vectors) of the release as_of names could not be prepared; retry after Retry-After seconds); `ranking_unavailable` (with as_of: the ranked retrieval of the release's search index is still being prepared (Retry-After says when to retry)). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After.optional"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 503;
                        /** @enum {string} */
                        code: "upstream_unavailable" | "auth_unavailable" | "database_unavailable" | "release_preparing" | "release_unavailable" | "ranking_unavailable";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
        };
    };
    listPaperChanges: {
        parameters: {
            query?: {
                /** @description Where to continue: the `next_cursor` of the previous answer (or the `cursor` of the last item applied), unchanged. Absent or `0`: from the beginning of the log, which holds every paper that exists. Opaque: do not build or compare cursors. */
                since?: string;
                /** @description Changes per answer, 1 to 500. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to `limit` changes after `since` (at most 500), and where to continue. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `private, no-store` */
                    "Cache-Control": "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaperChangePage"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_since` (since is not 0 or a cursor of a previous answer); `invalid_limit` (limit is not 1 to 500). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_since" | "invalid_limit";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The cursor no longer holds: start over from the beginning (`since=0`) with an empty copy. Codes: `cursor_expired` (a removal after the cursor was dropped by the retention, or the cursor is not one of this database). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 410;
                        /** @enum {string} */
                        code: "cursor_expired";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
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
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseList"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listIntelligenceEvents: {
        parameters: {
            query?: {
                /** @description Dotted lowercase event type, e.g. `paper.published`, `gap.emission_computed`; the list is open-ended. */
                event_type?: string;
                /** @description Only events in this state. A key that is not Internal sees only `published` events, whatever it asks for. */
                status?: "observed" | "verified" | "published" | "retracted";
                /** @description Kind of subject, e.g. `company`, `paper`. */
                subject_kind?: string;
                /** @description Identifier of the subject, e.g. a securities code or a paper id. */
                subject_id?: string;
                /** @description Earliest occurrence time: ISO 8601 (`2025-04-01`, `2025-04-01T09:30:00+09:00`; a date alone is 00:00 UTC) or Unix epoch seconds; inclusive. */
                occurred_from?: string;
                /** @description Latest occurrence time: ISO 8601 (`2025-04-01`, `2025-04-01T09:30:00+09:00`; a date alone is 00:00 UTC) or Unix epoch seconds; inclusive. */
                occurred_to?: string;
                /** @description Events per page, 1 to 200. */
                limit?: number;
                /** @description The `next_cursor` of the previous page, unchanged. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `private, no-store` */
                    "Cache-Control": "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntelligenceEventPage"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_event_type` (not a dotted lowercase name); `invalid_status` (not one of observed, verified, published, retracted); `invalid_subject_kind` (not a lowercase name); `invalid_subject_id` (not an identifier without white space); `invalid_occurred_from` (not ISO 8601 or epoch seconds); `invalid_occurred_to` (not ISO 8601 or epoch seconds); `invalid_limit` (limit is not 1 to 200); `invalid_cursor` (not a next_cursor of a previous page); `invalid_time_range` (occurred_from is later than occurred_to). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_event_type" | "invalid_status" | "invalid_subject_kind" | "invalid_subject_id" | "invalid_occurred_from" | "invalid_occurred_to" | "invalid_limit" | "invalid_cursor" | "invalid_time_range";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordIntelligenceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Dotted lowercase event type, e.g. `paper.published`. */
                    event_type: string;
                    /** @description Kind of subject, e.g. `company`, `paper`. */
                    subject_kind: string;
                    /** @description Identifier of the subject. */
                    subject_id: string;
                    /** @description When it happened: ISO 8601 or Unix epoch seconds. */
                    occurred_at: string | number;
                    /** @description References to the original data (never copies of it); distinct. */
                    evidence_refs?: {
                        kind: string;
                        /** @description An identifier or a URL of the original data. */
                        ref: string;
                    }[] | null;
                    /** @description A small display aggregate (flat values only, keys of 1 to 64 characters, at most 2048 bytes as JSON); raw readings are never copied here. */
                    summary?: {
                        [key: string]: string | number | boolean | null;
                    } | null;
                    /** @description New events always start `observed`; move them on with PATCH. */
                    status?: "observed" | null;
                };
            };
        };
        responses: {
            /** @description The recorded event. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `private, no-store` */
                    "Cache-Control": "private, no-store";
                    /** @description The address of the new event. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntelligenceEvent"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:*` (a required field is absent or null); `invalid_field:*` (a field is wrong, or is not a field of an event). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntelligenceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id: `evt_` and 20 letters, digits, `-` or `_`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `private, no-store` */
                    "Cache-Control": "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntelligenceEvent"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (not "evt_" and 20 letters, digits, "-" or "_"). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Not found. Codes: `not_found` (no event with this id that the key may see). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    transitionIntelligenceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id: `evt_` and 20 letters, digits, `-` or `_`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The state to move the event to.
                     * @enum {string}
                     */
                    status: "observed" | "verified" | "published" | "retracted";
                };
            };
        };
        responses: {
            /** @description The event in its new state. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `private, no-store` */
                    "Cache-Control": "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntelligenceEvent"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `invalid_id` (not "evt_" and 20 letters, digits, "-" or "_"); `missing_field:*` (a required field is absent or null); `invalid_field:*` (a field is wrong, or is not a field of an event). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body" | "invalid_id") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            /** @description Not found. Codes: `not_found` (no event with this id). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            /** @description Conflict. Codes: `invalid_transition` (the lifecycle does not allow this move). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 409;
                        /** @enum {string} */
                        code: "invalid_transition";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    applyForKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where the operator answers; one pending application per address (any case) within 30 days. */
                    email: string;
                    /** @description Your name. */
                    name: string;
                    /** @description Your organisation. */
                    organization: string;
                    /** @description What you will use the data for. */
                    purpose: string;
                };
            };
        };
        responses: {
            /** @description The application and its key, shown only this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                    RateLimit: components["headers"]["RateLimit.applications"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
                    /** @description `no-store` */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyApplicationAnswer"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:*` (a field is absent, null or blank); `invalid_field:*` (a field is not a string or too long); `invalid_email` (the e-mail address is not valid). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                    RateLimit: components["headers"]["RateLimit.applications"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body" | "invalid_email") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            /** @description Conflict. Codes: `duplicate_pending_application` (the same e-mail (any case) has a pending application within 30 days). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy.applications"];
                    RateLimit: components["headers"]["RateLimit.applications"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit.applications"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining.applications"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 409;
                        /** @enum {string} */
                        code: "duplicate_pending_application";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequestsNoKey"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalErrorNoKey"];
            502: components["responses"]["BadGatewayNoKey"];
            503: components["responses"]["ServiceUnavailableNoKey"];
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /** @description Keys per page, 1 to 500. */
                limit?: number;
                /** @description Keys to skip. */
                offset?: number;
                /** @description Only keys in this state. */
                status?: "pending" | "active" | "rejected" | "revoked" | "expired";
                /** @description Only keys of this plan. */
                plan?: "trial" | "demo" | "researcher" | "paid" | "internal";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        /** @description Records in this response. */
                        count: number;
                        /** @description The applied limit. */
                        limit: number;
                        /** @description The applied offset. */
                        offset: number;
                        /** @description Matching records before limit and offset. */
                        total: number;
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_limit` (limit is not 1 to 500); `invalid_offset` (offset is not a whole number from 0); `invalid_status` (not a key state); `invalid_plan` (not a plan). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_limit" | "invalid_offset" | "invalid_status" | "invalid_plan";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The plan of the key.
                     * @enum {string}
                     */
                    plan: "trial" | "demo" | "researcher" | "paid" | "internal";
                    /** @description Requests a UTC day (Demo: adjustable; Paid: the contract's); null for none. */
                    daily_limit?: number | null;
                    /** @description Requests a UTC month (Paid: the contract's); null for none. */
                    monthly_limit?: number | null;
                    /** @description Contact e-mail address. */
                    email?: string;
                    /** @description Holder name. */
                    name?: string;
                    /** @description Holder organisation. */
                    organization?: string;
                    /** @description What the key is for. */
                    purpose?: string;
                };
            };
        };
        responses: {
            /** @description The key, with its secret shown only this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `no-store` */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `missing_field:*` (plan is absent); `invalid_field:*` (plan or a limit is wrong). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id: `key_` and 12 letters, digits, `-` or `_`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key and every operator action on it. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Public, non-secret key id.
                         * @example key_Abc123xyz_-0
                         */
                        id: string;
                        /** @enum {string} */
                        plan: "trial" | "demo" | "researcher" | "paid" | "internal";
                        /** @enum {string} */
                        status: "pending" | "active" | "rejected" | "revoked" | "expired";
                        daily_limit: number | null;
                        monthly_limit: number | null;
                        /** @description The prefix and the last four characters. */
                        key_hint: string;
                        email: string | null;
                        name: string | null;
                        organization: string | null;
                        purpose: string | null;
                        expires_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        audit: {
                            action: string;
                            actor: string;
                            detail: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            at: string;
                        }[];
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (not "key_" and 12 characters). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            /** @description Not found. Codes: `not_found` (no key with this id). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    actOnKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id: `key_` and 12 letters, digits, `-` or `_`. */
                id: string;
                /** @description approve / reject (pending keys), revoke, expire (active keys), reissue (a new secret, same state). */
                action: "approve" | "reject" | "revoke" | "expire" | "reissue";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key after the action (with its new secret after reissue). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    /** @description `no-store` */
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Public, non-secret key id.
                         * @example key_Abc123xyz_-0
                         */
                        id: string;
                        /** @enum {string} */
                        plan: "trial" | "demo" | "researcher" | "paid" | "internal";
                        /** @enum {string} */
                        status: "pending" | "active" | "rejected" | "revoked" | "expired";
                        daily_limit: number | null;
                        monthly_limit: number | null;
                        /** @description The prefix and the last four characters. */
                        key_hint: string;
                        email: string | null;
                        name: string | null;
                        organization: string | null;
                        purpose: string | null;
                        expires_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The key itself: shown only in this answer; keep it now. */
                        key?: string;
                    };
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_id` (not "key_" and 12 characters). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        /** @enum {string} */
                        code: "credentials_in_query" | "unknown_parameter" | "invalid_id";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            /** @description Not found. Codes: `not_found` (no key with this id, or not an action). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            /** @description Conflict. Codes: `invalid_key_transition` (the key's state does not allow the action). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 409;
                        /** @enum {string} */
                        code: "invalid_key_transition";
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setKeyLimits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id: `key_` and 12 letters, digits, `-` or `_`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Requests a UTC day (Demo: adjustable; Paid: the contract's); null for none. */
                    daily_limit?: number | null;
                    /** @description Requests a UTC month (Paid: the contract's); null for none. */
                    monthly_limit?: number | null;
                };
            };
        };
        responses: {
            /** @description The key with its new limits. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description The request is invalid. Codes: `credentials_in_query` (an API key or other credential was sent in the query string (send it in the Authorization header)); `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored); `invalid_body` (the body is not JSON, not an object, over 16 KiB, or holds a NUL character or an unpaired surrogate (`field` names it)); `invalid_id` (not "key_" and 12 characters); `invalid_field:*` (a limit is not a whole number from 0, or null). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & ({
                        /** @constant */
                        status: 400;
                        code: ("credentials_in_query" | "unknown_parameter" | "invalid_body" | "invalid_id") | string;
                    } & {
                        [key: string]: unknown;
                    });
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenNotInternal"];
            /** @description Not found. Codes: `not_found` (no key with this id). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Limit-Month": components["headers"]["X-RateLimit-Limit-Month"];
                    "X-RateLimit-Remaining-Month": components["headers"]["X-RateLimit-Remaining-Month"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
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
            414: components["responses"]["UriTooLong"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
                    /** @description `public, max-age=300` */
                    "Cache-Control": "public, max-age=300";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A query parameter was given (the document takes none). Codes: `unknown_parameter` (a query parameter the endpoint does not take (a typo, a filter that does not exist): `detail` names it and the accepted ones, also listed in `accepted_parameters`; `_` (a cache-buster) is accepted everywhere and ignored). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Dataset-Version": components["headers"]["X-Dataset-Version"];
                    "X-SNE-Framework-DOI": components["headers"]["X-SNE-Framework-DOI"];
                    "X-Disclaimer": components["headers"]["X-Disclaimer"];
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
        };
    };
}
