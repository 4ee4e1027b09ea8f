import { MICRO_DEPOSIT_CAP_MESSAGE } from "../../../lib/bank/funding-rules";
import { ACTIVE_LOAN, PAPER_FORM_PENDING, STEP_RANK, isBlockedStep, stepRank } from "../../../lib/application/steps";

/**
 * The lender's compliance rules over an application, as pure decisions: who the applicant is may
 * change only before the credit check, payroll linking only for the application's own employer
 * and as that employer sets up direct deposit, signing only an accepted offer with direct deposit
 * confirmed and by the applicant, funding only a signed contract, micro-deposits re-sent only a
 * few times. The stand-in API (local/) applies them to its rows; its messages are these, and the
 * shell shows the ones a page can act on. docs/lending.md explains each choice.
 */

export { MICRO_DEPOSIT_CAP_MESSAGE };

export type RuleDecision<Extra extends object = object> = ({ allowed: true } & Extra) | { allowed: false; field: string; message: string };

const refuse = (field: string, message: string) => ({ allowed: false as const, field, message });

// ---------------------------------------------------------------------------------------------
// Identity: the fields the credit check and the contract are about.

export const IDENTITY_FIELDS = ["ssn", "given_name", "middle_name", "family_name", "birthdate"] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

export const IDENTITY_LOCKED_MESSAGE =
  "Your legal name, date of birth and SSN can be changed only until your rate check (the soft credit check). To correct them now, contact support.";

/** The last step at which identity may change: the review before the rate check (issue 42: the review is the last word). */
const IDENTITY_STEP_RANK = STEP_RANK.authPrequal;

function identityOpen(step: string): boolean {
  const rank = stepRank(step);
  return rank !== undefined && rank <= IDENTITY_STEP_RANK;
}

/**
 * A change of identity is refused once the rate check has run (rather than sending the application back to prequalification): a credit decision, an offer or a
 * contract made for one person is never carried over to another, and re-running the check under a
 * new identity is exactly what a swap needs. A genuine correction (a name changed by marriage, a
 * typo found late) goes through support with documents. Sending the same values again is no change.
 */
export function decideIdentityChange(input: {
  step: string;
  current: Partial<Record<IdentityField, string | null>>;
  requested: Partial<Record<IdentityField, string>>;
}): RuleDecision {
  if (identityOpen(input.step)) return { allowed: true };
  for (const field of IDENTITY_FIELDS) {
    const wanted = input.requested[field];
    if (wanted !== undefined && wanted !== (input.current[field] ?? null)) return refuse(field, IDENTITY_LOCKED_MESSAGE);
  }
  return { allowed: true };
}

// ---------------------------------------------------------------------------------------------
// The facts the decision was made on: employer and state of residence.

export const EMPLOYER_LOCKED_MESSAGE =
  "Your employer can't be changed after your rate check: your offer and its payroll deduction were made for this employer. If you have changed jobs, contact support to start a new application.";
export const STATE_LOCKED_MESSAGE =
  "Your state of residence can't be changed after your rate check: it decides the lending rules and disclosures of your offer. If you have moved, contact support to start a new application.";

/** The last step before the credit decision: the rate check (prequalification) itself. */
const DECISION_STEP_RANK = STEP_RANK.authPrequal;

/**
 * Employer and state of residence are fixed once prequalification has decided on them (issue 43):
 * refused with a message rather than sending the application back for a new decision, as identity
 * is (above) — the state chose the lending rules and disclosures already given, and the employer
 * the payroll deduction and its direct-deposit confirmation; re-deciding in place would keep those
 * for facts they were not made for. Unknown and later steps (Offer Sent, activeLoan, blocked) are
 * closed. Sending the stored value again is no change.
 */
export function decideDecisionFactChange(input: {
  step: string;
  field: "employerId" | "state";
  current: string | null;
  requested: string;
}): RuleDecision {
  const rank = stepRank(input.step);
  if ((rank !== undefined && rank <= DECISION_STEP_RANK) || input.requested === input.current) return { allowed: true };
  return refuse(input.field, input.field === "state" ? STATE_LOCKED_MESSAGE : EMPLOYER_LOCKED_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Payroll linking (Argyle).

/** The employer's setup under which payroll linking confirms direct deposit. */
export const ARGYLE_DIRECT_DEPOSIT = "argyle";

/** Steps after which nothing about the payroll may change: the contract is signed, funded, or the application closed. */
const PAYROLL_CLOSED_STEPS: readonly string[] = ["prequalRej", "rejected", PAPER_FORM_PENDING, ACTIVE_LOAN];

export const PAYROLL_NOT_OWN_EMPLOYER_MESSAGE = "Payroll linking is only for the employer on your application.";
export const PAYROLL_CLOSED_MESSAGE = "Payroll linking is closed for this application.";
export const PAYROLL_NO_DIRECT_DEPOSIT_MESSAGE = "Direct deposit for this employer is not set up through payroll linking.";

export interface PayrollLinkFacts {
  step: string;
  contractSigned: boolean;
  applicationEmployerId: string | null;
  employerId: string;
  employer: { name: string; argyleEnabled: boolean; ddSetupType: string | null };
  directDepositRequested: boolean;
}

/**
 * initializeArgyle: only the application's own employer, only while the application is open and
 * unsigned, and a direct-deposit link only where that employer sets direct deposit up through
 * payroll linking. The answer's `directDeposit` is what the link will confirm.
 */
export function decidePayrollLink(f: PayrollLinkFacts): RuleDecision<{ directDeposit: boolean }> {
  if (!f.employer.argyleEnabled) return refuse("employerId", `payroll linking is not available for ${f.employer.name}`);
  if (f.applicationEmployerId !== f.employerId) return refuse("employerId", PAYROLL_NOT_OWN_EMPLOYER_MESSAGE);
  if (f.contractSigned || PAYROLL_CLOSED_STEPS.includes(f.step) || isBlockedStep(f.step)) {
    return refuse("username", PAYROLL_CLOSED_MESSAGE);
  }
  const ddByPayroll = f.employer.ddSetupType === ARGYLE_DIRECT_DEPOSIT;
  if (f.directDepositRequested && !ddByPayroll) return refuse("directDeposit", PAYROLL_NO_DIRECT_DEPOSIT_MESSAGE);
  return { allowed: true, directDeposit: f.directDepositRequested };
}

/**
 * successfulArgyleUpdate: direct deposit is confirmed by a link made for direct deposit, to the
 * employer still on the application, whose setup is payroll linking — never by the caller's word.
 */
export function decidePayrollUpdate(f: {
  linkEmployerId: string;
  linkDirectDeposit: boolean;
  applicationEmployerId: string | null;
  ddSetupType: string | null;
}): RuleDecision<{ confirmsDirectDeposit: boolean }> {
  if (f.linkEmployerId !== f.applicationEmployerId) return refuse("argyleUserId", PAYROLL_NOT_OWN_EMPLOYER_MESSAGE);
  return { allowed: true, confirmsDirectDeposit: f.linkDirectDeposit && f.ddSetupType === ARGYLE_DIRECT_DEPOSIT };
}

// ---------------------------------------------------------------------------------------------
// Signing and funding.

export const OFFER_NOT_ACCEPTED_MESSAGE = "Accept your offer before signing the contract.";
export const DIRECT_DEPOSIT_NOT_CONFIRMED_MESSAGE = "Confirm your direct deposit before signing the contract.";
export const SIGNER_NAME_MESSAGE = "Type your full legal name as it is on your application.";
export const NOT_SIGNED_MESSAGE = "Only a signed contract can be funded.";

/** A name compared as people write it: accents, case, punctuation and spacing aside. */
export function normaliseName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.'’-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The names a signer may type: given and family, with the middle name in full or as an initial. */
export function acceptedSignerNames(applicant: { given: string | null; middle: string | null; family: string | null }): string[] {
  if (!applicant.given || !applicant.family) return [];
  const names = [`${applicant.given} ${applicant.family}`];
  if (applicant.middle)
    names.push(
      `${applicant.given} ${applicant.middle} ${applicant.family}`,
      `${applicant.given} ${applicant.middle[0]} ${applicant.family}`,
    );
  return names.map(normaliseName);
}

/**
 * Signing (and issuing a signing link): the offer accepted and direct deposit confirmed; with a
 * typed name, that name must be the applicant's.
 */
export function decideSigning(f: {
  offerAccepted: boolean;
  directDepositConfirmed: boolean;
  signerName?: string;
  applicant: { given: string | null; middle: string | null; family: string | null };
}): RuleDecision {
  if (!f.offerAccepted) return refuse("offer", OFFER_NOT_ACCEPTED_MESSAGE);
  if (!f.directDepositConfirmed) return refuse("directDeposit", DIRECT_DEPOSIT_NOT_CONFIRMED_MESSAGE);
  if (f.signerName !== undefined && !acceptedSignerNames(f.applicant).includes(normaliseName(f.signerName))) {
    return refuse("name", SIGNER_NAME_MESSAGE);
  }
  return { allowed: true };
}

/** Funding (origination): a signed contract of an offer still at 'Offer Sent'. */
export function decideFunding(f: { step: string; contractSigned: boolean }): RuleDecision {
  if (f.step !== "Offer Sent" || !f.contractSigned) return refuse("step", NOT_SIGNED_MESSAGE);
  return { allowed: true };
}

// ---------------------------------------------------------------------------------------------
// Micro-deposits.

/**
 * Lockouts (three wrong tries each) one bank account may have, whoever added it, before adding it
 * again goes to manual review: three lockouts are nine guesses at about 4,900 pairs of amounts.
 */
export const MICRO_DEPOSIT_LOCKS_PER_ACCOUNT = 3;
/** Lockouts one applicant may have, on any accounts, before a new micro-deposit account goes to manual review. */
export const MICRO_DEPOSIT_LOCKS_PER_USER = 3;

/**
 * Adding a micro-deposit account (a re-add of a locked one included): refused once the account's
 * deposits were locked MICRO_DEPOSIT_LOCKS_PER_ACCOUNT times, by anyone (guessing one stranger's
 * deposits from several sign-ups counts against that account), or once the applicant has locked
 * MICRO_DEPOSIT_LOCKS_PER_USER accounts. Past either cap: manual review. Adding without locking
 * never counts: a typo in the amounts is not abuse.
 */
export function decideMicroDepositAdd(f: { accountLocks: number; userLocks: number }): RuleDecision {
  if (f.accountLocks >= MICRO_DEPOSIT_LOCKS_PER_ACCOUNT || f.userLocks >= MICRO_DEPOSIT_LOCKS_PER_USER) {
    return refuse("account", MICRO_DEPOSIT_CAP_MESSAGE);
  }
  return { allowed: true };
}
