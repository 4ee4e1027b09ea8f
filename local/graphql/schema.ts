import { buildSchema } from "graphql";

/**
 * The API's one schema: every query and mutation of SPEC section 7, inputs as arguments.
 * Root fields are nullable as in AppSync, so that one refused or failed field answers null with an
 * error while its siblings still answer. AWSJSON is JSON text, as AppSync serialises it.
 *
 * Auth (AppSync directives are not used by graphql-js; the rule lives in auth.ts): every field
 * takes the user's Cognito token; PUBLIC_FIELDS also take the API key.
 */
export const SDL = /* GraphQL */ `
scalar AWSJSON

type Query {
  "The sign-in load: flags, documents, applicationStep, appInfo, loanInfo."
  loadFrontend: FrontendLoad
  "Funding sources of the signed-in user."
  accounts: [FundingSource!]
  "The loan record: latest loan, else the offer's terms, else null."
  gets: LoanRecord
  "The contract-signed flag as the text true or false."
  queries: String
  "The user's rating; a missing rating answers rating 0."
  rating: Rating
  "The prequalified quote, or null unless prequalified."
  qualifies: Quote
  "Public (API key): a partner lead by id."
  leadsModel(leadId: ID!): Lead
}

type Mutation {
  "Public (API key): true when the employer is top level with no sub-employers."
  checkIfIslandInAlgolia(employerId: ID!): Boolean
  "Public (API key): the employer by id, or null."
  loadEmployer(employerId: ID!): Employer
  applies(amount: Float!, other: String, reason: String!, state: String!, type: String!): AppInfo
  identifies(
    given_name: String, middle_name: String, family_name: String, birthdate: String,
    address: String, unit: String, addrCity: String, addrCountry: String, addrPostalCode: String,
    addrStateAbbr: String, addrStreetNumber: String, addrStreetName: String, lat: Float, lng: Float,
    personal_email: String, ssn: String, how_you_heard: String, referral_code: String, affiliate: String,
    home_phone_number: String, phone_number: String, email: String,
    salary: Float, additionalIncome: Float, amount: Float,
    accountSettings: Boolean
  ): Personal
  employmentInformationNextHandler(
    id: String!, salary: Float!, start: String!, title: String!, status: String!, payFrequency: String!,
    payMonths: Int!, ddAccounts: Int!, activeMilitary: Boolean!, additional: Float, cost_center: String, dept_ext: String
  ): EmploymentNextResult
  setEmployer(employerId: ID!): NextStepResult
  setApplicationStep(applicationStep: String!): StepResult
  gtmEcommerceId(username: String!, type: String!, id: String!): Boolean
  logOriginTracking(originId: String!): Boolean
  links(publicToken: String!, metaData: AWSJSON): Int
  manually(account: String!, name: String!, routing: String!, type: String!): FundingSource
  setActiveFSID(fs_account_id: String!, isReAppWithPlaid: Boolean): Boolean
  verifies(amount1: Float!, amount2: Float!, account_id: String!): String
  setApplyExtraPaymentFlag(username: String!, flag: Boolean!): Boolean
  justRegistered(applyNowRoute: String!): Boolean
  preQualification(username: String!): PreQualificationResult
  "The embedded signing URL (one-time) of the caller's unsigned contract with this signature id."
  counters(signature_id: String!): String
  initializeArgyle(username: String!, employerId: ID!, directDeposit: Boolean): ArgyleInit
  successfulArgyleUpdate(username: String!, argyleUserId: String!): Boolean
  originationPaymentCalculator(username: String!): String
  addData(username: String!, reapplicationData: String!): Boolean
  checkItemStatus(username: String!, bankAccountId: String!): String
  "Bank linking (issue 10): a Plaid link token for the caller (products auth and assets, US, the environment's webhook, checking and savings only)."
  createLinkToken: LinkToken
  setEvolveConsent(consent: Boolean!): Boolean
  logs(message: String!): Boolean
}

type Flags {
  adminPortalUser: Boolean!
  collectionsUser: Boolean!
  verificationsPortalUser: Boolean!
}

type FrontendLoad {
  flags: Flags!
  documents: [LoanDocuments!]!
  applicationStep: String!
  appInfo: AppInfo!
  loanInfo: LoanInfo
}

type Statement { signedUrl: String! sortDate: String! fileName: String! }

type LoanDocuments { loanId: ID! loanName: String! loanSortDate: String! statements: [Statement!]! }

type AppInfo {
  step: String!
  history: [String!]!
  rejectionReason: String
  username: String!
  primary_email: String
  "Employer id."
  employer: ID
  employerName: String
  employerParentId: ID
  evolveConsent: Boolean
  stateOfResidence: String
  amountAppliedFor: Float
  loanType: String
  loanReason: String
  otherDescription: String
  directDepositConfirmed: Boolean!
  personal: Personal
  employment: Employment
  offer: Offer
  prequalification: Prequalification
}

type Personal {
  given_name: String
  middle_name: String
  family_name: String
  birthdate: String
  address: String
  unit: String
  addrCity: String
  addrCountry: String
  addrPostalCode: String
  addrStateAbbr: String
  addrStreetNumber: String
  addrStreetName: String
  lat: Float
  lng: Float
  personal_email: String
  "Masked: only the last four digits are ever returned."
  ssn: String
  how_you_heard: String
  referral_code: String
  affiliate: String
  home_phone_number: String
  phone_number: String
  email: String
  salary: Float
  additionalIncome: Float
  amount: Float
}

type Employment {
  jobTitle: String
  employmentStatus: String!
  startDate: String
  employeeId: String
  salary: Float
  additionalIncome: Float
  payMonths: Int
  payFrequency: String
  ddAccounts: Int
  activeMilitary: Boolean
  tenureProof: String!
  choaDepartmentExtension: String
  choaCostCenter: String
  paperFormSentTimestamp: String
  requirePaystubs: Boolean!
  directDepositConfirmed: Boolean!
}

type Offer {
  offerStage: String
  offerAmountFinanced: Float
  offerOriginalAPR: Float
  offerTotalCost: Float
  offerTerm: Int
  offerPaymentAmount: Float
  offerDeductionAmount: Float
  expectedPayments: Int
  contractSigned: Boolean!
  hellosignDirectDepositSignatureId: String
}

type Prequalification {
  preQualificationStatus: Boolean
  preQualificationFailureReason: String
  preQualifiedAmount: Float
  preQualifiedInterestRate: Float
  preQualifiedTerm: Int
  preQualifiedOriginationFee: Float
  creditDenialReason: String
}

type Payment { amount: Float! sts: String! loanId: ID! metaData: AWSJSON effectiveDate: String! source: String! }

type ScheduledPayment { frequency: String! amount: Float! paymentDate: String! accountMask: String! }

type LoanInfo {
  loanId: ID!
  loanName: String!
  "active or paidOff"
  status: String!
  apr: Float!
  balance: Float!
  amount: Float!
  fee: Float!
  term: Int!
  interval: String!
  maturityDate: String!
  deductionAmount: Float
  payoffAmount: Float
  pcLoan: Boolean!
  contract: String
  payrollId: String
  originatedAt: String!
  PayoutDate: String
  payments: [Payment!]!
  scheduledPayments: [ScheduledPayment!]!
}

type StepResult { applicationStep: String! history: [String!]! }

type NextStepResult { nextRoute: String validationError: String serverError: String data: AWSJSON }

type EmploymentNextResult {
  nextRoute: String
  validationError: String
  serverError: String
  data: AWSJSON
  requirePaystubs: Boolean
}

type FundingSource {
  account_id: ID!
  fundingSource: String
  "plaid_getAuth or dwolla_MicroDeposits"
  link_type: String!
  name: String!
  mask: String
  verified: Boolean!
  processor_token: String
  request_id: String
  evolve: Boolean!
  active: Boolean!
  "checking or savings"
  subtype: String
  "A micro-deposit account locked after 3 wrong tries (add it again to get new deposits)."
  locked: Boolean!
  "Micro-deposit tries left while unverified; null once verified."
  verifyTriesLeft: Int
  institutionName: String
}

type LinkToken { link_token: String! expiration: String! }

type Rating { rating: Int! comment: String }

type LoanRecord {
  amount: Float
  apr: Float
  APRRequested: Float
  Balance: Float
  contract: String
  fee: Float
  interval: String
  term: Int
  maturityDate: String
  payoffAmount: Float
}

type Quote { amount: Float! apr: Float! fee: Float! interval: String! term: Int! }

type PreQualificationResult {
  preQualificationStatus: Boolean
  preQualificationFailureReason: String
  preQualifiedAmount: Float
  preQualifiedInterestRate: Float
  preQualifiedTerm: Int
  preQualifiedOriginationFee: Float
}

type ArgyleInit { payload: AWSJSON userToken: String argyleEmployerId: String linkFlowId: String linkFlowName: String }

type Employer {
  employerId: ID!
  name: String!
  parentId: ID
  parentName: String
  domain: String
  showEmailDomain: Boolean!
  acceptedDomains: [String!]!
  signedFormAction: String
  pdfPaystubs: Boolean!
  autoRequestIdentity: Boolean!
  argyleEnabled: Boolean!
  argyleSubscribeAlloc: Boolean!
  defaultPaymentType: String
  ddSetupType: String
}

type Lead {
  leadId: ID!
  firstName: String
  lastName: String
  employerName: String
  email: String
  softFico: Int
  employmentLength: String
  requestedLoanAmount: Float
  grossIncome: Float
  stateOfResidence: String
  mappedIndustry: String
  loanAmount: Float
  monthlyPayment: Float
  totalLoanAmount: Float
  interestRate: Float
  term: Int
}
`;

export const schema = buildSchema(SDL);

/** Root fields the public API key may call (AppSync's @aws_api_key); the user token may call all. */
export const PUBLIC_FIELDS: ReadonlySet<string> = new Set(["loadEmployer", "checkIfIslandInAlgolia", "leadsModel"]);

/** In the schema, implemented by the lending issues; until then they answer an error, never a fake success. */
export const LENDING_FIELDS = [
  "preQualification", "originationPaymentCalculator", "setApplyExtraPaymentFlag",
] as const;
