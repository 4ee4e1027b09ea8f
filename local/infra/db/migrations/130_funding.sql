-- Funding sources (issue 10): the rules live here, not only in code.

-- Account numbers are never stored: the last four (mask) and a keyed one-way fingerprint only.
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS subtype text CHECK (subtype IN ('checking', 'savings'));
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS routing_number text CHECK (routing_number ~ '^[0-9]{9}$');
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS account_fingerprint text;
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS item_id text;
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS plaid_account_id text;
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS md_amount1_cents integer CHECK (md_amount1_cents BETWEEN 1 AND 99);
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS md_amount2_cents integer CHECK (md_amount2_cents BETWEEN 1 AND 99);
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS md_attempts integer NOT NULL DEFAULT 0 CHECK (md_attempts BETWEEN 0 AND 3);
ALTER TABLE funding_sources ADD COLUMN IF NOT EXISTS md_locked boolean NOT NULL DEFAULT false;

-- A manual account waits for its deposits; a linked one is verified at once.
ALTER TABLE funding_sources ADD CONSTRAINT funding_sources_md_shape CHECK (
  link_type <> 'dwolla_MicroDeposits' OR (md_amount1_cents IS NOT NULL AND md_amount2_cents IS NOT NULL AND account_fingerprint IS NOT NULL)
);
ALTER TABLE funding_sources ADD CONSTRAINT funding_sources_active_verified CHECK (NOT active OR verified);
ALTER TABLE funding_sources ADD CONSTRAINT funding_sources_locked_after_three CHECK (md_locked = (md_attempts >= 3));

-- SPEC 5: one unverified source per user; one active source per user.
CREATE UNIQUE INDEX IF NOT EXISTS funding_sources_one_unverified ON funding_sources (sub) WHERE NOT verified;
CREATE UNIQUE INDEX IF NOT EXISTS funding_sources_one_active ON funding_sources (sub) WHERE active;
-- One source per Plaid account: exchanging the same public token twice creates nothing new.
CREATE UNIQUE INDEX IF NOT EXISTS funding_sources_plaid_account ON funding_sources (sub, plaid_account_id) WHERE plaid_account_id IS NOT NULL;

-- The Plaid stand-in: link tokens, items (a login at an institution), public tokens.
CREATE TABLE IF NOT EXISTS plaid_items (
  item_id text PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  institution_id text NOT NULL,
  institution_name text NOT NULL,
  -- 'good', or 'login_required' once the bank login expired (update mode repairs it).
  status text NOT NULL DEFAULT 'good' CHECK (status IN ('good', 'login_required')),
  -- A sandbox user whose login expires after the first link (documented test credentials).
  expires_after_link boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS plaid_link_tokens (
  token_hash text PRIMARY KEY,
  sub text NOT NULL,
  -- Set for update mode: the item whose login is repaired.
  item_id text REFERENCES plaid_items (item_id) ON DELETE CASCADE,
  config jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS plaid_public_tokens (
  token_hash text PRIMARY KEY,
  sub text NOT NULL,
  item_id text NOT NULL REFERENCES plaid_items (item_id) ON DELETE CASCADE,
  -- The item's accounts as Plaid reports them: [{id, name, mask, type, subtype}].
  accounts jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  exchanged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
