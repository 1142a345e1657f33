import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BatchInput, BatchResult, IngestPipeline } from '../../services/ingest-worker/pipeline/ingest-pipeline';
import { emptyFigures } from '../../services/ingest-worker/pipeline/ingest.repository';
import type { PaperSource, SourceRecord } from '../../services/ingest-worker/sources/paper-source.port';

export const RECORDS_PER_PAGE = 2;

/**
 * Sources by name, for the job-runner contract:
 * - `pages:N[:label]`: N pages of RECORDS_PER_PAGE papers;
 * - `poison:N:B`: the same, and its batch B fails in the pipeline until `ScriptedPipeline.heal`;
 * - `unreachable`: every fetch fails.
 * Each fetch (a call of `pages`) is counted, and its start and end go into the shared event log.
 */
export class ScriptedSources {
  readonly fetches = new Map<string, number>();

  constructor(private readonly events: string[]) {}

  resolve = (spec: string): PaperSource => {
    const [kind, count] = spec.split(':');
    const pages = kind === 'unreachable' ? 0 : Number(count);
    if (kind !== 'unreachable' && !(pages > 0)) throw new Error(`not a scripted source: ${spec}`);
    const self = this;
    return {
      name: spec,
      async *pages() {
        self.fetches.set(spec, (self.fetches.get(spec) ?? 0) + 1);
        self.events.push(`fetch ${spec}`);
        if (kind === 'unreachable') throw new Error('the source is unreachable');
        for (let page = 1; page <= pages; page++) yield records(spec, page);
        self.events.push(`fetched ${spec}`);
      },
    };
  };
}

function records(spec: string, page: number): SourceRecord[] {
  return Array.from({ length: RECORDS_PER_PAGE }, (_, i) => ({
    doi: `10.5555/contract.${spec.replace(/[^a-z0-9]/gi, '-')}.${page}.${i}`,
    title: `Carbon pricing study ${spec} page ${page} paper ${i}`,
    abstract: 'Emissions trading and a carbon tax in regional power markets.',
    year: 2025,
    lang: 'en',
  }));
}

export interface BatchCall {
  runId: string;
  batchNo: number;
  source: string;
  attempt: number;
}

/**
 * The pipeline as the runner sees it: records every call, counts the batches in it at once, fails
 * the poisoned batch until healed, and can be held at its entrance (to close a runner mid-batch).
 * It yields to the event loop inside each batch, so batches that may run together do.
 */
export class ScriptedPipeline implements Pick<IngestPipeline, 'processBatch'> {
  readonly calls: BatchCall[] = [];
  active = 0;
  maxActive = 0;
  private healed = false;
  private gate?: Promise<void>;
  private entered: ((call: BatchCall) => void)[] = [];

  constructor(private readonly events: string[]) {}

  heal(): void {
    this.healed = true;
  }

  /** Batches wait at the entrance until the returned function is called. */
  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      this.gate = undefined;
      open();
    };
  }

  /** Resolves when the next batch enters the pipeline. */
  nextEntry(): Promise<BatchCall> {
    return new Promise((resolve) => this.entered.push(resolve));
  }

  callsOf(runId: string): BatchCall[] {
    return this.calls.filter((c) => c.runId === runId);
  }

  async processBatch(input: BatchInput): Promise<BatchResult> {
    const call = { runId: input.runId, batchNo: input.batchNo, source: input.source, attempt: input.attempt };
    this.calls.push(call);
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    this.events.push(`batch ${input.source} ${input.batchNo}`);
    try {
      for (const notify of this.entered.splice(0)) notify(call);
      await this.gate;
      for (let i = 0; i < 3; i++) await nextTurn();
      const [kind, , poisoned] = input.source.split(':');
      if (kind === 'poison' && Number(poisoned) === input.batchNo && !this.healed) throw new Error('the model is down');
      const n = input.records.length;
      return { figures: { ...emptyFigures(), fetched: n, stored: n }, times: {}, stored: [] };
    } finally {
      this.active--;
      this.events.push(`batch done ${input.source} ${input.batchNo}`);
    }
  }
}
