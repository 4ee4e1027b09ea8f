-- Issue 25: the data the lending rules of lib/lending/application-rules.ts count and check.

-- Micro-deposit lockouts per bank account (its keyed fingerprint, whoever added it) and per
-- applicant. Counters only ever grow, incremented in the transaction that locks the account;
-- the caps are the rules' constants.
CREATE TABLE IF NOT EXISTS micro_deposit_account_locks (
  account_fingerprint text PRIMARY KEY,
  locks integer NOT NULL CHECK (locks >= 0)
);
ALTER TABLE applications ADD COLUMN IF NOT EXISTS micro_deposit_locks integer NOT NULL DEFAULT 0 CHECK (micro_deposit_locks >= 0);

-- Applications a rule sent to a person: one open review per applicant and reason.
CREATE TABLE IF NOT EXISTS manual_reviews (
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('micro_deposit_cap')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sub, reason)
);

-- A signed contract is always of an accepted offer (rows from before this rule were accepted by signing).
UPDATE offers SET accepted_at = coalesce(accepted_at, now()) WHERE contract_signed;
ALTER TABLE offers ADD CONSTRAINT offers_signed_after_accepted CHECK (NOT contract_signed OR accepted_at IS NOT NULL);

-- Uploads keep the content type their bytes showed (local/lending/upload-content.ts); rows from
-- before the content check have none.
ALTER TABLE uploads ADD COLUMN IF NOT EXISTS content_type text CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/heic'));
