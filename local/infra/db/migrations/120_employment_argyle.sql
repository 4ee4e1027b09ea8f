-- Employment details as the next handler writes them: the wire rules again in the database, so
-- no code path can store a status, frequency or month count the API would refuse.
ALTER TABLE employment ADD CONSTRAINT employment_status_known CHECK (employment_status IN ('full', 'part', 'temporary'));
ALTER TABLE employment ADD CONSTRAINT employment_pay_frequency_known CHECK (pay_frequency IS NULL OR pay_frequency IN ('weekly', 'biweekly', 'semimonthly', 'monthly'));
ALTER TABLE employment ADD CONSTRAINT employment_pay_months_range CHECK (pay_months IS NULL OR pay_months BETWEEN 1 AND 12);
ALTER TABLE employment ADD CONSTRAINT employment_salary_positive CHECK (salary IS NULL OR salary > 0);
ALTER TABLE employment ADD CONSTRAINT employment_additional_income_not_negative CHECK (additional_income IS NULL OR additional_income >= 0);
ALTER TABLE employment ADD CONSTRAINT employment_dd_accounts_range CHECK (dd_accounts IS NULL OR dd_accounts BETWEEN 0 AND 10);

-- Payroll linking (Argyle stand-in). One Argyle user per applicant; each initializeArgyle issues a
-- new one-hour user token (only its SHA-256 is kept) for one employer and purpose.
CREATE TABLE IF NOT EXISTS argyle_users (
  argyle_user_id text PRIMARY KEY,
  sub text NOT NULL UNIQUE REFERENCES applications (sub) ON DELETE CASCADE,
  employer_id text NOT NULL REFERENCES employers (id),
  direct_deposit boolean NOT NULL DEFAULT false,
  user_token_sha256 text NOT NULL UNIQUE,
  token_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A payroll account connected in the widget; recorded_at is set by successfulArgyleUpdate.
CREATE TABLE IF NOT EXISTS argyle_accounts (
  account_id text PRIMARY KEY,
  argyle_user_id text NOT NULL REFERENCES argyle_users (argyle_user_id) ON DELETE CASCADE,
  item_id text NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  recorded_at timestamptz,
  UNIQUE (argyle_user_id, item_id)
);
