-- Issue 43: judged micro-deposit guesses per bank account (its keyed, normalised fingerprint:
-- routing number and account number without spaces, dashes or leading zeros), across applicants.
-- Claimed one at a time by an upsert that locks the row (local/lender/rules/micro-deposit-cap.ts),
-- so two concurrent guesses cannot both pass the cap.
CREATE TABLE IF NOT EXISTS micro_deposit_guesses (
  account_fingerprint text PRIMARY KEY,
  judged integer NOT NULL CHECK (judged >= 0)
);
