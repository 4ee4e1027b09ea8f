-- Prevent user existence errors (Cognito's PreventUserExistenceErrors=ENABLED): a custom-auth
-- sign-in for an identifier with no account gets a challenge like any other (no code is sent, no
-- answer is right), so such a challenge has no user. Attempt limits count per attempt_key: the
-- user ('sub:<sub>') for an account, the identifier's hash ('id:<sha256>') otherwise, so an
-- unknown identifier hits LimitExceededException exactly when an account would.
ALTER TABLE identity_challenges ALTER COLUMN user_sub DROP NOT NULL;

ALTER TABLE identity_challenges ADD COLUMN attempt_key text;

-- What a challenge with no user said its code went to (an account's is derived from the account).
ALTER TABLE identity_challenges ADD COLUMN simulated_destination text;

UPDATE identity_challenges SET attempt_key = 'sub:' || user_sub WHERE attempt_key IS NULL;

ALTER TABLE identity_challenges ALTER COLUMN attempt_key SET NOT NULL;

ALTER TABLE identity_challenges ADD CONSTRAINT identity_challenges_attempt_key_shape CHECK (
  (user_sub IS NOT NULL AND attempt_key = 'sub:' || user_sub) OR (user_sub IS NULL AND attempt_key ~ '^id:[0-9a-f]{64}$')
);

CREATE INDEX identity_challenges_attempt_idx ON identity_challenges (attempt_key, created_at)
