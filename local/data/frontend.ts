import type { Db } from "../db";

type Queryable = Pick<Db, "query">;

/** Who is calling, from the verified identity token. */
export interface Caller {
  sub: string;
  username: string;
  email?: string;
}

export interface Flags {
  adminPortalUser: boolean;
  collectionsUser: boolean;
  verificationsPortalUser: boolean;
}

export interface Personal {
  given_name: string | null;
  middle_name: string | null;
  family_name: string | null;
  birthdate: string | null;
  address: string | null;
  unit: string | null;
  addrCity: string | null;
  addrCountry: string | null;
  addrPostalCode: string | null;
  addrStateAbbr: string | null;
  addrStreetNumber: string | null;
  addrStreetName: string | null;
  lat: number | null;
  lng: number | null;
  personal_email: string | null;
  /** Never returned in full: the last four digits behind a mask. */
  ssn: string | null;
  how_you_heard: string | null;
  referral_code: string | null;
  affiliate: string | null;
  home_phone_number: string | null;
  phone_number: string | null;
  email: string | null;
  salary: number | null;
  additionalIncome: number | null;
  amount: number | null;
}

export interface Employment {
  jobTitle: string | null;
  employmentStatus: string;
  startDate: string | null;
  employeeId: string | null;
  salary: number | null;
  additionalIncome: number | null;
  payMonths: number | null;
  payFrequency: string | null;
  ddAccounts: number | null;
  activeMilitary: boolean | null;
  tenureProof: string;
  choaDepartmentExtension: string | null;
  choaCostCenter: string | null;
  paperFormSentTimestamp: string | null;
  requirePaystubs: boolean;
  directDepositConfirmed: boolean;
}

export interface Offer {
  offerStage: string | null;
  offerAmountFinanced: number | null;
  offerOriginalAPR: number | null;
  offerTotalCost: number | null;
  offerTerm: number | null;
  offerPaymentAmount: number | null;
  offerDeductionAmount: number | null;
  expectedPayments: number | null;
  contractSigned: boolean;
  hellosignDirectDepositSignatureId: string | null;
}

export interface Prequalification {
  preQualificationStatus: boolean | null;
  preQualificationFailureReason: string | null;
  preQualifiedAmount: number | null;
  preQualifiedInterestRate: number | null;
  preQualifiedTerm: number | null;
  preQualifiedOriginationFee: number | null;
  creditDenialReason: string | null;
}

export interface AppInfo {
  step: string;
  history: string[];
  rejectionReason: string | null;
  username: string;
  primary_email: string | null;
  employer: string | null;
  employerName: string | null;
  employerParentId: string | null;
  evolveConsent: boolean | null;
  stateOfResidence: string | null;
  amountAppliedFor: number | null;
  loanType: string | null;
  loanReason: string | null;
  otherDescription: string | null;
  directDepositConfirmed: boolean;
  personal: Personal | null;
  employment: Employment | null;
  offer: Offer | null;
  prequalification: Prequalification | null;
}

export interface Payment {
  amount: number;
  sts: string;
  loanId: string;
  metaData: string | null;
  effectiveDate: string;
  source: string;
}

export interface ScheduledPayment {
  frequency: string;
  amount: number;
  paymentDate: string;
  accountMask: string;
}

export interface Statement {
  signedUrl: string;
  sortDate: string;
  fileName: string;
}

export interface LoanInfo {
  loanId: string;
  loanName: string;
  status: "active" | "paidOff";
  apr: number;
  balance: number;
  amount: number;
  fee: number;
  term: number;
  interval: string;
  maturityDate: string;
  deductionAmount: number | null;
  payoffAmount: number | null;
  pcLoan: boolean;
  contract: string | null;
  payrollId: string | null;
  originatedAt: string;
  PayoutDate: string | null;
  payments: Payment[];
  scheduledPayments: ScheduledPayment[];
}

export interface LoanDocuments {
  loanId: string;
  loanName: string;
  loanSortDate: string;
  statements: Statement[];
}

export interface FrontendLoad {
  flags: Flags;
  documents: LoanDocuments[];
  applicationStep: string;
  appInfo: AppInfo;
  loanInfo: LoanInfo | null;
}

/** timestamptz rendered by row_to_json depends on the session time zone; answer UTC ISO always. */
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

const maskSsn = (ssn: string | null) => (ssn ? `*****${ssn.slice(-4)}` : null);

/**
 * The application and everything hanging off it, in one round trip. json_build_object renders
 * dates as YYYY-MM-DD and numerics as JSON numbers, which keeps PGlite and node-postgres
 * (which answers numeric as strings and date as local-time Date objects) returning the same thing.
 */
const APP_INFO_SQL = `
SELECT json_build_object(
  'step', a.step, 'history', a.history, 'rejectionReason', a.rejection_reason, 'username', a.username,
  'primary_email', a.primary_email, 'employer', a.employer_id, 'employerName', emp.name,
  'employerParentId', emp.parent_id, 'evolveConsent', a.evolve_consent, 'stateOfResidence', a.state_of_residence,
  'amountAppliedFor', a.amount_applied_for, 'loanType', a.loan_type, 'loanReason', a.loan_reason,
  'otherDescription', a.other_description, 'directDepositConfirmed', a.direct_deposit_confirmed,
  'personal', CASE WHEN p.sub IS NULL THEN NULL ELSE json_build_object(
    'given_name', p.given_name, 'middle_name', p.middle_name, 'family_name', p.family_name,
    'birthdate', p.birthdate, 'address', p.address, 'unit', p.unit, 'addrCity', p.addr_city,
    'addrCountry', p.addr_country, 'addrPostalCode', p.addr_postal_code, 'addrStateAbbr', p.addr_state_abbr,
    'addrStreetNumber', p.addr_street_number, 'addrStreetName', p.addr_street_name, 'lat', p.lat, 'lng', p.lng,
    'personal_email', p.personal_email, 'ssn', p.ssn, 'how_you_heard', p.how_you_heard,
    'referral_code', p.referral_code, 'affiliate', p.affiliate, 'home_phone_number', p.home_phone_number,
    'phone_number', p.phone_number, 'email', p.email, 'salary', p.salary,
    'additionalIncome', p.additional_income, 'amount', p.amount) END,
  'employment', CASE WHEN e.sub IS NULL THEN NULL ELSE json_build_object(
    'jobTitle', e.job_title, 'employmentStatus', e.employment_status, 'startDate', e.start_date,
    'employeeId', e.employee_id, 'salary', e.salary, 'additionalIncome', e.additional_income,
    'payMonths', e.pay_months, 'payFrequency', e.pay_frequency, 'ddAccounts', e.dd_accounts,
    'activeMilitary', e.active_military, 'tenureProof', e.tenure_proof,
    'choaDepartmentExtension', e.choa_department_extension, 'choaCostCenter', e.choa_cost_center,
    'paperFormSentTimestamp', e.paper_form_sent_timestamp, 'requirePaystubs', e.require_paystubs,
    'directDepositConfirmed', a.direct_deposit_confirmed) END,
  'offer', CASE WHEN o.sub IS NULL THEN NULL ELSE json_build_object(
    'offerStage', o.offer_stage, 'offerAmountFinanced', o.amount_financed, 'offerOriginalAPR', o.original_apr,
    'offerTotalCost', o.total_cost, 'offerTerm', o.term, 'offerPaymentAmount', o.payment_amount,
    'offerDeductionAmount', o.deduction_amount, 'expectedPayments', o.expected_payments,
    'contractSigned', o.contract_signed,
    'hellosignDirectDepositSignatureId', o.hellosign_direct_deposit_signature_id) END,
  'prequalification', CASE WHEN q.sub IS NULL THEN NULL ELSE json_build_object(
    'preQualificationStatus', q.status, 'preQualificationFailureReason', q.failure_reason,
    'preQualifiedAmount', q.amount, 'preQualifiedInterestRate', q.interest_rate, 'preQualifiedTerm', q.term,
    'preQualifiedOriginationFee', q.origination_fee, 'creditDenialReason', q.credit_denial_reason) END
) AS info,
json_build_object('adminPortalUser', coalesce(f.admin_portal_user, false),
  'collectionsUser', coalesce(f.collections_user, false),
  'verificationsPortalUser', coalesce(f.verifications_portal_user, false)) AS flags
FROM applications a
LEFT JOIN employers emp ON emp.id = a.employer_id
LEFT JOIN personal p ON p.sub = a.sub
LEFT JOIN employment e ON e.sub = a.sub
LEFT JOIN offers o ON o.sub = a.sub
LEFT JOIN prequalifications q ON q.sub = a.sub
LEFT JOIN user_flags f ON f.sub = a.sub
WHERE a.sub = $1`;

const LOANS_SQL = `
SELECT json_build_object(
  'loanId', l.loan_id, 'loanName', l.loan_name, 'status', l.status, 'apr', l.apr, 'balance', l.balance,
  'amount', l.amount, 'fee', l.fee, 'term', l.term, 'interval', l.interval, 'maturityDate', l.maturity_date,
  'deductionAmount', l.deduction_amount, 'payoffAmount', l.payoff_amount, 'pcLoan', l.pc_loan,
  'contract', l.contract, 'payrollId', l.payroll_id, 'originatedAt', l.originated_at, 'PayoutDate', l.payout_date,
  'payments', coalesce((SELECT json_agg(json_build_object('amount', p.amount, 'sts', p.sts, 'loanId', p.loan_id,
      'metaData', p.meta_data::text, 'effectiveDate', p.effective_date, 'source', p.source)
      ORDER BY p.effective_date DESC, p.id DESC) FROM payments p WHERE p.loan_id = l.loan_id), '[]'::json),
  'scheduledPayments', coalesce((SELECT json_agg(json_build_object('frequency', s.frequency, 'amount', s.amount,
      'paymentDate', s.payment_date, 'accountMask', s.account_mask) ORDER BY s.payment_date, s.id)
      FROM scheduled_payments s WHERE s.loan_id = l.loan_id), '[]'::json),
  'statements', coalesce((SELECT json_agg(json_build_object('signedUrl', st.signed_url, 'sortDate', st.sort_date,
      'fileName', st.file_name) ORDER BY st.sort_date DESC, st.id DESC)
      FROM statements st WHERE st.loan_id = l.loan_id), '[]'::json)
) AS loan
FROM loans l WHERE l.sub = $1
ORDER BY (l.status = 'active') DESC, l.originated_at DESC`;

type LoanRow = LoanInfo & { statements: Statement[] };

export async function readAppInfo(db: Queryable, caller: Caller): Promise<{ appInfo: AppInfo; flags: Flags }> {
  const row = (await db.query<{ info: AppInfo; flags: Flags }>(APP_INFO_SQL, [caller.sub]))[0];
  if (!row) {
    // No application yet (signed up, nothing written): a new application starts at chooseEmployer.
    return {
      flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false },
      appInfo: {
        step: "chooseEmployer", history: [], rejectionReason: null, username: caller.username,
        primary_email: caller.email ?? null, employer: null, employerName: null, employerParentId: null,
        evolveConsent: null, stateOfResidence: null, amountAppliedFor: null, loanType: null, loanReason: null,
        otherDescription: null, directDepositConfirmed: false, personal: null, employment: null, offer: null,
        prequalification: null,
      },
    };
  }
  const { info } = row;
  if (info.personal) info.personal.ssn = maskSsn(info.personal.ssn);
  if (info.employment) info.employment.paperFormSentTimestamp = iso(info.employment.paperFormSentTimestamp);
  return { appInfo: info, flags: row.flags };
}

export async function readLoans(db: Queryable, sub: string): Promise<LoanRow[]> {
  return (await db.query<{ loan: LoanRow }>(LOANS_SQL, [sub])).map((r) => r.loan);
}

/** The sign-in load: raw facts only; the shell derives the loan state from them. */
export async function loadFrontend(db: Queryable, caller: Caller): Promise<FrontendLoad> {
  const [{ appInfo, flags }, loans] = await Promise.all([readAppInfo(db, caller), readLoans(db, caller.sub)]);
  const documents = loans.map((l) => ({
    loanId: l.loanId,
    loanName: l.loanName,
    loanSortDate: l.originatedAt,
    statements: l.statements,
  }));
  const latest = loans[0];
  let loanInfo: LoanInfo | null = null;
  if (latest) {
    const { statements: _statements, ...rest } = latest;
    loanInfo = rest;
  }
  return { flags, documents, applicationStep: appInfo.step, appInfo, loanInfo };
}
