/**
 * The GraphQL API's answer shapes, as the shell reads them. Written from the schema (in the cloud
 * the API's own; locally local/graphql/schema.ts), not imported from the stand-in.
 */
export interface Flags {
  adminPortalUser: boolean;
  collectionsUser: boolean;
  verificationsPortalUser: boolean;
}

export interface Statement {
  signedUrl: string;
  sortDate: string;
  fileName: string;
}

export interface LoanDocuments {
  loanId: string;
  loanName: string;
  loanSortDate: string;
  statements: Statement[];
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
  /** Masked: the last four digits only. */
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
  /** Employer id. */
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
  /** JSON text. */
  metaData: string | null;
  effectiveDate: string;
  source: string;
}

export interface ScheduledPayment {
  frequency: string;
  amount: number;
  paymentDate: string;
  /** Last four digits, or "Payroll" for the primary payroll payment. */
  accountMask: string;
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
  /** YYYY-MM-DD. */
  PayoutDate: string | null;
  payments: Payment[];
  scheduledPayments: ScheduledPayment[];
}

export interface FrontendLoad {
  flags: Flags;
  documents: LoanDocuments[];
  applicationStep: string;
  appInfo: AppInfo;
  /** The active loan, else the latest paid-off one, else null. */
  loanInfo: LoanInfo | null;
}

export interface StepResult {
  applicationStep: string;
  history: string[];
}

export interface Employer {
  employerId: string;
  name: string;
  parentId: string | null;
  parentName: string | null;
  domain: string | null;
  showEmailDomain: boolean;
  acceptedDomains: string[];
  signedFormAction: string | null;
  pdfPaystubs: boolean;
  autoRequestIdentity: boolean;
  argyleEnabled: boolean;
  argyleSubscribeAlloc: boolean;
  defaultPaymentType: string | null;
  ddSetupType: string | null;
}
