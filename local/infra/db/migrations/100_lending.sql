-- The lending data behind the local GraphQL API. One dialect for PGlite and PostgreSQL 15:
-- plain types, jsonb, no extensions. Rows are keyed by the Cognito sub; username is kept
-- alongside because several operations name the user by username (addData, gtmEcommerceId).
-- Money columns are numeric(12,2) and are converted to numbers in local/data.

CREATE TABLE IF NOT EXISTS employers (
  id text PRIMARY KEY,
  name text NOT NULL,
  parent_id text REFERENCES employers (id),
  city text,
  state text,
  logo_url text,
  domain text,
  show_email_domain boolean NOT NULL DEFAULT false,
  accepted_domains jsonb NOT NULL DEFAULT '[]',
  signed_form_action text,
  pdf_paystubs boolean NOT NULL DEFAULT false,
  auto_request_identity boolean NOT NULL DEFAULT false,
  argyle_enabled boolean NOT NULL DEFAULT false,
  argyle_subscribe_alloc boolean NOT NULL DEFAULT false,
  default_payment_type text,
  dd_setup_type text
);

CREATE INDEX IF NOT EXISTS employers_parent_id_idx ON employers (parent_id);

CREATE TABLE IF NOT EXISTS applications (
  sub text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  primary_email text,
  step text NOT NULL DEFAULT 'chooseEmployer',
  history jsonb NOT NULL DEFAULT '[]',
  rejection_reason text,
  employer_id text REFERENCES employers (id),
  evolve_consent boolean,
  evolve_consent_at timestamptz,
  state_of_residence text,
  amount_applied_for numeric(12,2),
  loan_type text,
  loan_reason text,
  other_description text,
  direct_deposit_confirmed boolean NOT NULL DEFAULT false,
  apply_now_route text,
  registered_at timestamptz,
  reapplication_data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS user_flags (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  admin_portal_user boolean NOT NULL DEFAULT false,
  collections_user boolean NOT NULL DEFAULT false,
  verifications_portal_user boolean NOT NULL DEFAULT false
);

CREATE TABLE IF NOT EXISTS personal (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  given_name text,
  middle_name text,
  family_name text,
  birthdate date,
  address text,
  unit text,
  addr_city text,
  addr_country text,
  addr_postal_code text,
  addr_state_abbr text,
  addr_street_number text,
  addr_street_name text,
  lat double precision,
  lng double precision,
  personal_email text,
  ssn text,
  how_you_heard text,
  referral_code text,
  affiliate text,
  home_phone_number text,
  phone_number text,
  email text,
  salary numeric(12,2),
  additional_income numeric(12,2),
  amount numeric(12,2),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS employment (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  job_title text,
  employment_status text NOT NULL DEFAULT 'full',
  start_date date,
  employee_id text,
  salary numeric(12,2),
  additional_income numeric(12,2),
  pay_months integer,
  pay_frequency text,
  dd_accounts integer,
  active_military boolean,
  tenure_proof text NOT NULL DEFAULT 'notSet',
  choa_department_extension text,
  choa_cost_center text,
  paper_form_sent_timestamp timestamptz,
  require_paystubs boolean NOT NULL DEFAULT false
);

CREATE TABLE IF NOT EXISTS prequalifications (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  status boolean,
  failure_reason text,
  amount numeric(12,2),
  interest_rate numeric(6,3),
  term integer,
  origination_fee numeric(12,2),
  credit_denial_reason text,
  decided_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS offers (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  offer_stage text,
  amount_financed numeric(12,2),
  original_apr numeric(6,3),
  total_cost numeric(12,2),
  term integer,
  payment_amount numeric(12,2),
  deduction_amount numeric(12,2),
  expected_payments integer,
  contract_signed boolean NOT NULL DEFAULT false,
  hellosign_direct_deposit_signature_id text
);

CREATE TABLE IF NOT EXISTS funding_sources (
  account_id text PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  funding_source text,
  link_type text NOT NULL CHECK (link_type IN ('plaid_getAuth', 'dwolla_MicroDeposits')),
  name text NOT NULL,
  mask text,
  verified boolean NOT NULL DEFAULT false,
  processor_token text,
  request_id text,
  evolve boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS funding_sources_sub_idx ON funding_sources (sub);

CREATE TABLE IF NOT EXISTS ratings (
  sub text PRIMARY KEY REFERENCES applications (sub) ON DELETE CASCADE,
  rating integer NOT NULL CHECK (rating BETWEEN 0 AND 5),
  comment text
);

CREATE TABLE IF NOT EXISTS loans (
  loan_id text PRIMARY KEY,
  sub text NOT NULL REFERENCES applications (sub) ON DELETE CASCADE,
  loan_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paidOff')),
  apr numeric(6,3) NOT NULL,
  amount numeric(12,2) NOT NULL,
  balance numeric(12,2) NOT NULL,
  fee numeric(12,2) NOT NULL DEFAULT 0,
  term integer NOT NULL,
  interval text NOT NULL DEFAULT 'monthly',
  maturity_date date NOT NULL,
  deduction_amount numeric(12,2),
  payoff_amount numeric(12,2),
  pc_loan boolean NOT NULL DEFAULT false,
  contract text,
  payroll_id text,
  originated_at date NOT NULL,
  payout_date date
);

CREATE INDEX IF NOT EXISTS loans_sub_idx ON loans (sub);

CREATE TABLE IF NOT EXISTS payments (
  id bigserial PRIMARY KEY,
  loan_id text NOT NULL REFERENCES loans (loan_id) ON DELETE CASCADE,
  amount numeric(12,2) NOT NULL,
  sts text NOT NULL,
  meta_data jsonb,
  effective_date date NOT NULL,
  source text NOT NULL
);

CREATE INDEX IF NOT EXISTS payments_loan_id_idx ON payments (loan_id, effective_date);

CREATE TABLE IF NOT EXISTS scheduled_payments (
  id bigserial PRIMARY KEY,
  loan_id text NOT NULL REFERENCES loans (loan_id) ON DELETE CASCADE,
  frequency text NOT NULL,
  amount numeric(12,2) NOT NULL,
  payment_date date NOT NULL,
  account_mask text NOT NULL
);

CREATE INDEX IF NOT EXISTS scheduled_payments_loan_id_idx ON scheduled_payments (loan_id);

CREATE TABLE IF NOT EXISTS statements (
  id bigserial PRIMARY KEY,
  loan_id text NOT NULL REFERENCES loans (loan_id) ON DELETE CASCADE,
  file_name text NOT NULL,
  sort_date date NOT NULL,
  signed_url text NOT NULL
);

CREATE INDEX IF NOT EXISTS statements_loan_id_idx ON statements (loan_id, sort_date);

CREATE TABLE IF NOT EXISTS leads (
  lead_id text PRIMARY KEY,
  first_name text,
  last_name text,
  employer_name text,
  email text,
  soft_fico integer,
  employment_length text,
  requested_loan_amount numeric(12,2),
  gross_income numeric(12,2),
  state_of_residence text,
  mapped_industry text,
  loan_amount numeric(12,2),
  monthly_payment numeric(12,2),
  total_loan_amount numeric(12,2),
  interest_rate numeric(6,3),
  term integer
);

CREATE TABLE IF NOT EXISTS logs (
  id bigserial PRIMARY KEY,
  sub text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS origin_tracking (
  id bigserial PRIMARY KEY,
  sub text NOT NULL,
  origin_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS gtm_ecommerce (
  id bigserial PRIMARY KEY,
  sub text NOT NULL,
  username text NOT NULL,
  type text NOT NULL,
  ecommerce_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
