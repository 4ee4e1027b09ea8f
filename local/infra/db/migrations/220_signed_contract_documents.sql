-- The signed contract filed in the borrower's documents (local/lender/data/documents.ts): one copy
-- per signature request, whatever number of times the provider's callback arrives. The signed terms
-- are kept as signed (a contract does not change when the offer's rows do); the file is rendered
-- from them on download, behind a signed, expiring URL.

CREATE TABLE IF NOT EXISTS filed_documents (
  id text PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  signature_id text NOT NULL UNIQUE,
  file_name text NOT NULL,
  filed_at timestamptz NOT NULL DEFAULT now(),
  contract jsonb NOT NULL
);

CREATE INDEX IF NOT EXISTS filed_documents_sub_idx ON filed_documents (sub);
