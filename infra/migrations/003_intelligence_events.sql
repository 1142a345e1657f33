-- Intelligence events (spec 001 §2.5, §3, §4.8): a thin index that points at papers, articles,
-- company evidence and emissions data without copying them. The application validates every
-- field (services/events-keys/event-params.ts); these checks are the backstop for any other writer.
CREATE TABLE intelligence_events (
  -- "C" collation: byte order, so the keyset order (occurred_at, id) is the same in every locale
  -- and matches the order the cursor was cut in.
  id             text COLLATE "C" PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9_-]{20}$'),
  event_type     text NOT NULL CHECK (length(event_type) <= 100 AND event_type ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$'),
  status         text NOT NULL DEFAULT 'observed' CHECK (status IN ('observed', 'verified', 'published', 'retracted')),
  subject_kind   text NOT NULL CHECK (subject_kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  subject_id     text NOT NULL CHECK (char_length(subject_id) BETWEEN 1 AND 200 AND subject_id !~ '[[:space:][:cntrl:]]'),
  -- Millisecond precision, as JavaScript dates have: a cursor holding an ISO time then names a row's
  -- occurred_at exactly, so no row is skipped or repeated between pages.
  occurred_at    timestamptz(3) NOT NULL,
  -- References ({kind, ref}), never copies of the data they point to.
  evidence_refs  jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(evidence_refs) = 'array' AND jsonb_array_length(evidence_refs) <= 20),
  -- A small display aggregate. The application allows 2 KiB of compact JSON; jsonb's text form adds
  -- spaces, hence the looser bound here.
  summary        jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(summary) = 'object' AND octet_length(summary::text) <= 4096),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Every list is newest first with a keyset cursor on (occurred_at, id); each index ends in that
-- order so a filtered page is an index range scan, not a sort.
CREATE INDEX intelligence_events_order_idx ON intelligence_events (occurred_at DESC, id DESC);
-- Normal keys always filter on status = 'published'.
CREATE INDEX intelligence_events_status_idx ON intelligence_events (status, occurred_at DESC, id DESC);
CREATE INDEX intelligence_events_type_idx ON intelligence_events (event_type, occurred_at DESC, id DESC);
CREATE INDEX intelligence_events_subject_idx ON intelligence_events (subject_kind, subject_id, occurred_at DESC, id DESC);
