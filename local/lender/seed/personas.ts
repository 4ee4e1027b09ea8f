/**
 * The seeded personas of the local environment: one per state a newcomer may want to try.
 * Identity fields are fixed so that tokens, claims and rows stay stable across restarts.
 */
export interface Persona {
  email: string;
  /** Cognito username: 3 random bytes in hex, fixed here. */
  username: string;
  /** Cognito sub (a UUID). */
  sub: string;
  description: string;
  applicationStep: string;
  amountAppliedFor?: number;
  prequalified?: boolean;
  directDepositConfirmed?: boolean;
  /** Who confirmed direct deposit: payroll linking (the seed records the payroll link too) or the applicant's tick (the default). */
  directDepositConfirmedBy?: "payroll" | "applicant";
  contractSigned?: boolean;
  activeLoan?: boolean;
  /** ISO date; set for an originated loan. */
  /** Months from the stand-ins' clock (local/infra/clock/clock.ts) to the loan's payout date: positive runs, negative is paid off. */
  payoutInMonths?: number;
  flags?: { adminPortalUser?: boolean; collectionsUser?: boolean; verificationsPortalUser?: boolean };
}

const sub = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

export const PERSONAS: readonly Persona[] = [
  {
    email: "newcomer@example.com",
    username: "a10001",
    sub: sub(1),
    description: "step chooseEmployer, loan not started",
    applicationStep: "chooseEmployer",
  },
  {
    email: "loan-details@example.com",
    username: "a10002",
    sub: sub(2),
    description: "step loanDetails, amount applied for 4000",
    applicationStep: "loanDetails",
    amountAppliedFor: 4000,
  },
  {
    email: "employment@example.com",
    username: "a10003",
    sub: sub(3),
    description: "step employmentInformation",
    applicationStep: "employmentInformation",
    amountAppliedFor: 4000,
  },
  {
    email: "prequal-approved@example.com",
    username: "a10004",
    sub: sub(4),
    description: "step prequalApprove, prequalified",
    applicationStep: "prequalApprove",
    amountAppliedFor: 5000,
    prequalified: true,
  },
  {
    email: "under-review@example.com",
    username: "a10005",
    sub: sub(5),
    description: "step completeUnderReview",
    applicationStep: "completeUnderReview",
    amountAppliedFor: 5000,
    prequalified: true,
  },
  {
    email: "offer-sent@example.com",
    username: "a10006",
    sub: sub(6),
    description: "step Offer Sent, direct deposit not confirmed",
    applicationStep: "Offer Sent",
    amountAppliedFor: 4000,
    prequalified: true,
    directDepositConfirmed: false,
  },
  {
    email: "offer-dd@example.com",
    username: "a10007",
    sub: sub(7),
    description: "step Offer Sent, direct deposit confirmed by payroll linking",
    applicationStep: "Offer Sent",
    amountAppliedFor: 4000,
    prequalified: true,
    directDepositConfirmed: true,
    directDepositConfirmedBy: "payroll",
  },
  {
    email: "paper-form@example.com",
    username: "a10008",
    sub: sub(8),
    description: "step Paper Form Confirmation Pending",
    applicationStep: "Paper Form Confirmation Pending",
    amountAppliedFor: 4000,
    prequalified: true,
  },
  {
    email: "signed@example.com",
    username: "a10009",
    sub: sub(9),
    description: "contract signed, not yet originated",
    applicationStep: "Offer Sent",
    amountAppliedFor: 4000,
    prequalified: true,
    directDepositConfirmed: true,
    contractSigned: true,
  },
  {
    email: "borrower@example.com",
    username: "a1000a",
    sub: sub(10),
    description: "step activeLoan with an active loan, payments and statements",
    applicationStep: "activeLoan",
    amountAppliedFor: 4000,
    contractSigned: true,
    activeLoan: true,
    payoutInMonths: 16,
  },
  {
    email: "paid-off@example.com",
    username: "a1000b",
    sub: sub(11),
    description: "step activeLoan, payout date in the past",
    applicationStep: "activeLoan",
    amountAppliedFor: 3000,
    contractSigned: true,
    activeLoan: true,
    payoutInMonths: -29,
  },
  {
    email: "rejected@example.com",
    username: "a1000c",
    sub: sub(12),
    description: "step rejected",
    applicationStep: "rejected",
    amountAppliedFor: 8000,
  },
  {
    email: "blocked@example.com",
    username: "a1000d",
    sub: sub(13),
    description: "an applicationBlocked step",
    applicationStep: "applicationBlocked-identity",
    amountAppliedFor: 2000,
  },
  {
    email: "admin@lender.example",
    username: "a1000e",
    sub: sub(14),
    description: "adminPortalUser",
    applicationStep: "chooseEmployer",
    flags: { adminPortalUser: true },
  },
  {
    email: "collections@lender.example",
    username: "a1000f",
    sub: sub(15),
    description: "collectionsUser",
    applicationStep: "chooseEmployer",
    flags: { collectionsUser: true },
  },
  {
    email: "verifications@lender.example",
    username: "a10010",
    sub: sub(16),
    description: "verificationsPortalUser",
    applicationStep: "chooseEmployer",
    flags: { verificationsPortalUser: true },
  },
  {
    email: "signer@example.com",
    username: "a10011",
    sub: sub(17),
    description: "step Offer Sent, direct deposit confirmed, contract to sign at /dashboard?counters=sig-dd-a10011",
    applicationStep: "Offer Sent",
    amountAppliedFor: 4500,
    prequalified: true,
    directDepositConfirmed: true,
  },
  {
    email: "personal@example.com",
    username: "a10030",
    sub: sub(48),
    description: "step personalInformation, amount applied for 4000 (fills /personal by hand)",
    applicationStep: "personalInformation",
    amountAppliedFor: 4000,
  },
  {
    email: "personal-manual@example.com",
    username: "a10031",
    sub: sub(49),
    description: "step personalInformation, amount applied for 3000 (a second one, e.g. to type the address with Maps blocked)",
    applicationStep: "personalInformation",
    amountAppliedFor: 3000,
  },
  {
    email: "funding@example.com",
    username: "a10032",
    sub: sub(50),
    description: "step fundingAccount, prequalified and consented, no bank account yet (adding one moves the step on)",
    applicationStep: "fundingAccount",
    amountAppliedFor: 4000,
    prequalified: true,
  },
];
