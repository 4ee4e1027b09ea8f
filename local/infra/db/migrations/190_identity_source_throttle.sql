-- Sign-in that cannot be turned against a person (issue 25). Each challenge records the source it
-- was started from (the client address as the server sees it), so limits count per source and per
-- account and source; an account as a whole is limited only by wrong codes from several sources
-- (a guessing campaign), never by challenges a stranger starts.
ALTER TABLE identity_challenges ADD COLUMN source text NOT NULL DEFAULT 'unknown';

CREATE INDEX identity_challenges_source_idx ON identity_challenges (source, created_at);

-- A phone number given at sign-up that another account holds is not refused there (that would tell
-- whether the number has an account): it waits here and becomes the account's alias when the account
-- is first verified, if it is still free then (the unique index on phone_number still decides).
ALTER TABLE identity_users ADD COLUMN pending_phone_number text;
