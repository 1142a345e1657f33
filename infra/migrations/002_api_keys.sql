-- API keys of the data API. The key itself is never stored: only its SHA-256 hash.
CREATE TABLE api_keys (
  id             text PRIMARY KEY CHECK (id ~ '^key_[A-Za-z0-9_-]{12}$'),
  key_hash       bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  key_hint       text NOT NULL,
  plan           text NOT NULL CHECK (plan IN ('trial', 'demo', 'researcher', 'paid', 'internal')),
  status         text NOT NULL CHECK (status IN ('pending', 'active', 'rejected', 'revoked', 'expired')),
  daily_limit    integer CHECK (daily_limit >= 0),
  monthly_limit  integer CHECK (monthly_limit >= 0),
  email          text,
  name           text,
  organization   text,
  purpose        text,
  expires_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The duplicate-application rule looks up pending keys by e-mail, case-insensitively.
CREATE INDEX api_keys_pending_email_idx ON api_keys (lower(email), created_at) WHERE status = 'pending';

-- Every operator action on a key: who, what, when.
CREATE TABLE api_key_audit (
  id        bigserial PRIMARY KEY,
  key_id    text NOT NULL REFERENCES api_keys (id),
  action    text NOT NULL,
  actor     text NOT NULL,
  detail    jsonb NOT NULL DEFAULT '{}',
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_key_audit_key_idx ON api_key_audit (key_id, at);

-- Quota counters when no Redis is configured: the table rate-limiter-flexible's Postgres store uses.
CREATE TABLE quota_counters (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
