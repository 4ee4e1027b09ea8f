-- The lending rules' own data (issue 11): uploads of step 8, the extra-payment flag, who decided
-- what and when. The rules themselves are in local/lending/.

CREATE TABLE IF NOT EXISTS uploads (
  id bigserial PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('identity', 'paystubs', 'tenure')),
  -- Only the file's name and size are kept: the stand-in stores no documents.
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10485760),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS uploads_sub_idx ON uploads (sub, kind);

ALTER TABLE applications ADD COLUMN IF NOT EXISTS apply_extra_payment boolean NOT NULL DEFAULT false;

ALTER TABLE offers ADD COLUMN IF NOT EXISTS accepted_at timestamptz;

-- SPEC 4: a prequalification stores all four figures, or is a refusal with a reason.
ALTER TABLE prequalifications ADD CONSTRAINT prequalifications_complete CHECK (
  status IS NULL
  OR (status AND amount IS NOT NULL AND interest_rate IS NOT NULL AND term IS NOT NULL AND origination_fee IS NOT NULL)
  OR (NOT status AND failure_reason IS NOT NULL)
);

-- One loan per application at a time may be active.
CREATE UNIQUE INDEX IF NOT EXISTS loans_one_active_per_sub ON loans (sub) WHERE status = 'active'
