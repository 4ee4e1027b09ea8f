-- Plaid OAuth (issue 25): a link token's trip to an OAuth bank's own site and back. The state id
-- travels in the URLs (the bank page's, then redirect_uri?oauth_state_id=…); the login's outcome
-- waits here until Link, opened again on the return page with the same token, picks it up once.
CREATE TABLE IF NOT EXISTS plaid_oauth_states (
  id text PRIMARY KEY,
  token_hash text NOT NULL REFERENCES plaid_link_tokens (token_hash) ON DELETE CASCADE,
  institution_id text NOT NULL,
  redirect_uri text NOT NULL,
  status text NOT NULL DEFAULT 'started' CHECK (status IN ('started', 'returned', 'resumed')),
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
