-- Who confirmed direct deposit (issue 49): the employer's payroll, through payroll linking
-- (successfulArgyleUpdate), or the applicant's own tick on the lending app's direct-deposit page
-- (confirmDirectDeposit). /bank says "confirmed by your employer" only for the first.
ALTER TABLE applications ADD COLUMN IF NOT EXISTS direct_deposit_confirmed_by text;

-- Rows confirmed before this column: by payroll where a direct-deposit payroll link was recorded, else by the applicant.
UPDATE applications a SET direct_deposit_confirmed_by = CASE WHEN EXISTS (
    SELECT 1 FROM argyle_users u JOIN argyle_accounts ac ON ac.argyle_user_id = u.argyle_user_id
     WHERE u.sub = a.sub AND u.direct_deposit AND ac.recorded_at IS NOT NULL) THEN 'payroll' ELSE 'applicant' END
 WHERE a.direct_deposit_confirmed AND a.direct_deposit_confirmed_by IS NULL;

ALTER TABLE applications ADD CONSTRAINT applications_dd_confirmed_by_known
  CHECK (direct_deposit_confirmed_by IS NULL OR direct_deposit_confirmed_by IN ('payroll', 'applicant'));
-- One fact, two columns: confirmed exactly when someone confirmed it.
ALTER TABLE applications ADD CONSTRAINT applications_dd_confirmed_has_confirmer
  CHECK (direct_deposit_confirmed = (direct_deposit_confirmed_by IS NOT NULL));

-- "Accounts your pay is deposited into" counts the account the pay goes into: at least one (the form's schema, lib/employment/schema.ts).
UPDATE employment SET dd_accounts = 1 WHERE dd_accounts = 0;
ALTER TABLE employment DROP CONSTRAINT IF EXISTS employment_dd_accounts_range;
ALTER TABLE employment ADD CONSTRAINT employment_dd_accounts_range CHECK (dd_accounts IS NULL OR dd_accounts BETWEEN 1 AND 10);
