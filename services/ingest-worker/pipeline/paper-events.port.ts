/** An event announcing a paper ingest published, in the shape of the intelligence-event index (spec 001 §2.5). */
export interface PaperEvent {
  /** Published once per key, however often a run is retried. */
  dedupeKey: string;
  input: {
    event_type: string;
    subject_kind: string;
    subject_id: string;
    occurred_at: Date;
    evidence_refs: { kind: string; ref: string }[];
    summary: Record<string, string | number | boolean | null>;
  };
}

/** Where ingest announces what it published: the events-keys service's event index, given by the factory. */
export interface PaperEventSink {
  /** Records and publishes each event not published before; answers how many were new. */
  publishOnce(events: readonly PaperEvent[]): Promise<number>;
}
