-- Local identity stand-in (Cognito user pool). Usernames and e-mails are stored lowercased.
CREATE TABLE identity_users (
  sub text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  phone_number text,
  -- Other standard attributes given at sign-up (given_name, family_name, ...), as name -> value.
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- E-mail is a sign-in alias, so it must be unique across the pool.
CREATE UNIQUE INDEX identity_users_email_key ON identity_users (email);

CREATE INDEX identity_users_phone_idx ON identity_users (phone_number);

-- One RS256 signing key, generated once, so tokens survive restarts.
CREATE TABLE identity_signing_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  kid text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A custom-auth challenge: one one-time code, answered through a Session that is replaced after
-- each wrong answer. Code and session are kept only as SHA-256 hashes.
CREATE TABLE identity_challenges (
  id text PRIMARY KEY,
  user_sub text NOT NULL REFERENCES identity_users (sub) ON DELETE CASCADE,
  code_hash text NOT NULL,
  session_hash text NOT NULL UNIQUE,
  wrong_answers integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'failed')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_challenges_user_idx ON identity_challenges (user_sub);

-- Opaque refresh tokens (hashed). origin_jti ties every access and ID token minted from one
-- sign-in to its refresh token, so revoking the refresh token revokes them too.
CREATE TABLE identity_refresh_tokens (
  token_hash text PRIMARY KEY,
  origin_jti text NOT NULL UNIQUE,
  user_sub text NOT NULL REFERENCES identity_users (sub) ON DELETE CASCADE,
  client_id text NOT NULL,
  auth_time bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX identity_refresh_tokens_user_idx ON identity_refresh_tokens (user_sub);

-- The local outbox: what production would send by e-mail.
CREATE TABLE local_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  code text NOT NULL,
  purpose text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX local_outbox_recipient_idx ON local_outbox (recipient, created_at DESC);
