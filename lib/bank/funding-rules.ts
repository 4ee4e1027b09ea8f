/**
 * The funding-source rules of SPEC 4, 5 and 8 that the /bank page and the API share: pure data in,
 * decisions out.
 */

/** SPEC 5: only checking and savings accounts count for bank linking. */
export const ACCEPTED_SUBTYPES = ["checking", "savings"] as const;
export type AccountSubtype = (typeof ACCEPTED_SUBTYPES)[number];

export function isAcceptedSubtype(type: string | null | undefined, subtype: string | null | undefined): subtype is AccountSubtype {
  return type === "depository" && (ACCEPTED_SUBTYPES as readonly string[]).includes(subtype ?? "");
}

/** Account numbers: 4 to 17 digits (the NACHA field is 17 wide). */
export function accountNumberProblem(value: string): string | null {
  if (!/^\d*$/.test(value)) return "Account number must contain digits only";
  if (value.length < 4 || value.length > 17) return "Account number must be 4 to 17 digits";
  return null;
}

/** The last four digits, the only part of an account number ever kept or shown. */
export function lastFour(accountNumber: string): string {
  return accountNumber.slice(-4);
}

/** How a mask is shown: "••1234"; a missing mask shows nothing rather than a guess. */
export function showMask(mask: string | null | undefined): string {
  return mask ? `••${mask}` : "";
}

/** Micro-deposits are each below $1.00: whole cents 1..99. */
export const MAX_MICRO_DEPOSIT_CENTS = 99;

/** A typed deposit amount ("0.07", ".07", "$0.07", "7" cents is not accepted) in cents, or null. */
export function depositCents(input: string): number | null {
  const m = /^\$?\s*(0?)\.(\d{2})$/.exec(input.trim());
  if (!m) return null;
  const cents = Number(m[2]);
  return cents >= 1 && cents <= MAX_MICRO_DEPOSIT_CENTS ? cents : null;
}

/** SPEC 4: "mdVerified" or 200 means the micro-deposits were verified. */
export function isVerifiedAnswer(answer: unknown): boolean {
  return answer === "mdVerified" || answer === 200 || answer === "200";
}

/** SPEC 8: a links answer other than 200 is LinkFailure. */
export function linkOutcome(answer: unknown): "Linked" | "LinkFailure" {
  return answer === 200 || answer === "200" ? "Linked" : "LinkFailure";
}

/** SPEC 4: the bank credential refresh flow runs when the link check is not SUCCESS. */
export function needsCredentialRefresh(checkResult: string | null | undefined): boolean {
  return checkResult !== "SUCCESS";
}

/** Wrong micro-deposit tries before the account is locked. */
export const MAX_VERIFY_ATTEMPTS = 3;
/** The lock's cause as every message names it ("3 wrong tries"), so the messages follow the limit. */
export const WRONG_TRIES_TEXT = `${MAX_VERIFY_ATTEMPTS} wrong tries`;

export interface SourceState {
  link_type: string;
  verified: boolean;
}

/** SPEC 5: the API's refusal of a second unverified account (its text, never shown to a person). */
export const UNVERIFIED_EXISTS = "Unverified fundingSource already exists";

/** What /bank says instead: the same account again is answered as added, another one waits for this. */
export const ANOTHER_ACCOUNT_WAITING_MESSAGE =
  "You already have an account waiting for its two deposits. Verify it above before adding another account by hand.";

/** SPEC 5: a new manual account is refused while an unverified one exists. */
export function canAddManualAccount(sources: readonly SourceState[]): boolean {
  return !sources.some((s) => !s.verified);
}

/** SPEC 4: when the last account is an unverified micro-deposit account, the exited state is marked. */
export function isExitedState(sources: readonly SourceState[]): boolean {
  const last = sources.at(-1);
  return !!last && last.link_type === "dwolla_MicroDeposits" && !last.verified;
}

/** Only a verified source can become the active one. */
export function canActivate(source: SourceState): boolean {
  return source.verified;
}

/** Who confirmed direct deposit (the contract's DirectDepositConfirmer). */
export type DirectDepositConfirmer = "payroll" | "applicant";

/**
 * Why direct deposit counts as set up. "confirmed": confirmed, by whom not known (the read of who
 * failed), so nobody is named.
 */
export type DirectDeposit = { setUp: true; because: "paperForm" | DirectDepositConfirmer | "confirmed" } | { setUp: false };

/**
 * SPEC 4: the direct-deposit set-up flag is true at Paper Form Confirmation Pending or when
 * confirmed; issue 49: who confirmed it is said as it is (the employer's payroll, or the applicant).
 */
export function directDepositSetUp(
  step: string,
  directDepositConfirmed: boolean,
  confirmedBy: DirectDepositConfirmer | null,
): DirectDeposit {
  if (directDepositConfirmed) return { setUp: true, because: confirmedBy ?? "confirmed" };
  if (step === "Paper Form Confirmation Pending") return { setUp: true, because: "paperForm" };
  return { setUp: false };
}

/** What /bank says about direct deposit, for each reason: "confirmed by your employer" only when the employer's payroll did. */
export const DIRECT_DEPOSIT_WORDS = {
  notSetUp: "Direct deposit: not set up yet.",
  paperForm: "Direct deposit: set up — your paper form is waiting for confirmation.",
  payroll: "Direct deposit: set up — confirmed by your employer.",
  applicant: "Direct deposit: set up — you confirmed that you asked your payroll office to send the loan payment.",
  confirmed: "Direct deposit: set up.",
} as const;

export function directDepositText(dd: DirectDeposit): string {
  return dd.setUp ? DIRECT_DEPOSIT_WORDS[dd.because] : DIRECT_DEPOSIT_WORDS.notSetUp;
}

export type FundingEvent = "linked" | "manualAdded" | "mdVerified";

/**
 * The step a funding event moves the application to, or null when it moves nothing. At
 * fundingAccount the first usable account (linked, or manual awaiting its deposits) moves on; at
 * verifyMD the verification does; at any other step nothing moves.
 */
export function stepAfterFundingEvent(step: string, event: FundingEvent): string | null {
  if (step === "fundingAccount" && (event === "linked" || event === "manualAdded")) return "uploadIdentity";
  if (step === "verifyMD" && event === "mdVerified") return "completeUnderReview";
  return null;
}

/** Past the micro-deposit caps (local/lender/rules/application-rules.ts): the API refuses with it and /bank shows it as it is. */ export const MICRO_DEPOSIT_CAP_MESSAGE =
  "We can't send more micro-deposits for this account. For your security it is now with our team for a manual review, and we will e-mail you within 2 business days. You can still link your bank instantly.";
