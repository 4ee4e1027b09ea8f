-- Issue 51: the first answer of a write per caller and Idempotency-Key (local/lender/data/idempotency.ts).
-- In the database, not in a process, so two instances on one PostgreSQL answer a repeat alike; the
-- unique index is what makes one of two simultaneous requests with one key the one that runs.
-- `answer` is null while the first request runs.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  caller text NOT NULL,
  idempotency_key text NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  answer jsonb,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS idempotency_keys_one_per_caller ON idempotency_keys (caller, idempotency_key, operation);
