-- The e-signature stand-in (local/esign). A signature request is the offer's signature id
-- (offers.hellosign_direct_deposit_signature_id); its signed state is offers.contract_signed.
-- Embedded signing links are one-time: only a hash of the token is kept.

CREATE TABLE IF NOT EXISTS esign_links (
  token_hash text PRIMARY KEY,
  signature_id text NOT NULL,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  opened_at timestamptz,
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('signed', 'cancelled', 'declined', 'error'))
);

CREATE INDEX IF NOT EXISTS esign_links_signature_id_idx ON esign_links (signature_id);

CREATE TABLE IF NOT EXISTS esign_events (
  id bigserial PRIMARY KEY,
  signature_id text NOT NULL,
  sub text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('signed', 'cancelled', 'declined', 'error')),
  signer_name text,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS esign_events_signature_id_idx ON esign_events (signature_id)
