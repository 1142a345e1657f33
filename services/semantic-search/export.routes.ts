import { Router } from 'express';
import { ProblemError, serviceUnavailable } from '../../shared/errors/problem';
import { attachmentDisposition } from '../../shared/http/content-disposition';
import { StreamWriter } from '../../shared/http/stream-writer';
import { negotiate } from '../../shared/http/content-negotiation';
import type { RawQuery } from '../../shared/http/request-schema';
import type { Logger } from '../../shared/logging/logger';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine, csvRecordLine } from '../../shared/text/csv';
import { encodeExportCursor, EXPORT_MEDIA_TYPES, parseExportParams, type ExportFormat } from './export-params';
import type { ExportRecord, PaperExport } from './paper-export';
import { SEMANTIC_PAPER_CSV_COLUMNS } from './semantic-paper';
import { answerBasis, type AnswerBasis, type Releases } from '../../modules/releases';
import { releaseSources } from './release-sources';

export const EXPORT_PATH = '/api/v1/papers/export';
/** The CSV export's columns: the search's CSV columns, then each row's own cursor. */
export const EXPORT_CSV_COLUMNS: readonly string[] = [...SEMANTIC_PAPER_CSV_COLUMNS, 'cursor'];
/** The header that states a call's cost (charged by the gateway as it passes: services/gateway/request-cost.ts). */
const REQUEST_COST_HEADER = 'X-Request-Cost';

const CONTENT_TYPES: Record<ExportFormat, string> = { jsonl: 'application/x-ndjson', csv: CSV_CONTENT_TYPE };

/**
 * `GET /api/v1/papers/export`: a keyword match set streamed newest first, JSON Lines or CSV, up to
 * its stated maximum per call (see `PaperExport`). Before the first byte a fault is a 503 problem;
 * after it the stream ends so a client can tell (JSON Lines: a closing `{"error": …}` line in place
 * of `{"next_cursor": …}`; CSV: the connection is cut before the body's end). The stream waits while
 * the client reads slowly, and stops reading the index when the client goes away.
 */
export function exportRoutes(exporter: PaperExport, releases: Releases, logger: Logger): Router {
  const router = Router();
  router.get(EXPORT_PATH, async (req, res) => {
    const params = parseExportParams(req.query as RawQuery);
    const format = params.format ?? negotiate(req.headers.accept, EXPORT_MEDIA_TYPES);
    // Pinned: to the release asked for, else the latest one, and kept by the cursor for every later call.
    const release = params.after ? params.after.release : (params.asOf ?? releases.latestId() ?? null);
    let run: Awaited<ReturnType<PaperExport['open']>>;
    let basis: AnswerBasis;
    try {
      basis = await answerBasis(releases, release ?? undefined);
      run = await exporter.open(params, req.apiCaller?.allowanceLeft, { release, sources: basis.view && releaseSources(releases, basis.view) });
    } catch (err) {
      throw unavailable(err);
    }
    basis.label(res);
    res.status(200);
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', attachmentDisposition('export', params.search.query || (params.search.author ?? ''), format));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Vary', 'Accept');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Total-Count', String(run.plan.total));
    res.setHeader(REQUEST_COST_HEADER, String(run.plan.cost));

    const out = new StreamWriter(res);
    const line = format === 'jsonl' ? (r: ExportRecord) => `${JSON.stringify(r.record)}\n` : (r: ExportRecord) => csvRecordLine(EXPORT_CSV_COLUMNS, { ...r.record, cursor: encodeExportCursor(r.cursor) });
    if (format === 'csv') await out.add(CSV_BOM + csvLine(EXPORT_CSV_COLUMNS));
    try {
      for (let records = await run.next(); records; records = out.open ? await run.next() : undefined) {
        for (const r of records) if (!(await out.add(line(r)))) break;
      }
    } catch (err) {
      // Nothing sent yet (the first records wait in the writer): still a clean 503.
      if (!res.headersSent) throw unavailable(err);
      logger.warn({ err: (err as Error)?.message ?? String(err), request_id: req.requestId, delivered: run.count }, 'export failed mid-stream');
      if (format === 'csv' || !out.open) return void res.destroy();
      const problem = unavailable(err);
      await out.add(`${JSON.stringify({ error: { ...problem.toBody(req.requestId, EXPORT_PATH), count: run.count } })}\n`);
      return void (await out.end());
    }
    if (!out.open) return;
    const next = run.nextCursor;
    if (format === 'jsonl') await out.add(`${JSON.stringify({ next_cursor: next && encodeExportCursor(next), count: run.count })}\n`);
    await out.end();
  });
  return router;
}

/** A fault of the search backend is a 503 the client may retry; a problem the search raised stays as it is. */
const unavailable = (err: unknown): ProblemError =>
  err instanceof ProblemError ? err : serviceUnavailable('search_unavailable', 'The search backend is unavailable; retry in a moment.').because(err);
