-- Employers applicants asked the lender to add (issue 49; local/lender/data/employer-requests.ts).
-- One request per applicant and normalised name (name_key: case, punctuation and spacing aside),
-- held by the unique index, so a repeat, a double submit or two instances at once record one row
-- and answer it. The username is kept beside the sub: the partnerships team writes to the person.

CREATE TABLE IF NOT EXISTS employer_requests (
  id text PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  username text NOT NULL,
  name text NOT NULL,
  name_key text NOT NULL,
  city text,
  state text,
  contact_name text,
  contact_email text,
  contact_phone text,
  requested_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS employer_requests_one_per_name ON employer_requests (sub, name_key);
