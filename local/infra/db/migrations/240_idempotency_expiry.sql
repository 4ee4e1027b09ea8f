-- Issue 51: idempotency keys are kept KEY_KEPT_HOURS (local/lender/data/idempotency.ts); every keyed
-- write deletes the expired ones, by this index.
CREATE INDEX IF NOT EXISTS idempotency_keys_claimed_at ON idempotency_keys (claimed_at);
