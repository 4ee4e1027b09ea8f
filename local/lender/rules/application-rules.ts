import { MICRO_DEPOSIT_CAP_MESSAGE } from "../../../lib/bank/funding-rules";
import { ACTIVE_LOAN, PAPER_FORM_PENDING, isBlockedStep } from "../../../lib/application/steps";
import { DECISION_INPUTS, decisionInputsFinal, type DecisionInput } from "../../../lib/application/decision-inputs";
import type { RefusalCode } from "../../../lib/application/refusal-codes";

/**
 * The lender's compliance rules over an application, as pure decisions: the facts the credit
 * decision was made on (who the applicant is, employer, state, amount, income, pay and job) may
 * change only before it, payroll linking only for the application's own employer
 * and as that employer sets up direct deposit, signing only an accepted offer with direct deposit
 * confirmed and by the applicant, funding only a signed contract, micro-deposits re-sent only a
 * few times. The stand-in API (local/) applies them to its rows; its messages are these, and the
 * shell shows the ones a page can act on. docs/lending.md explains each choice.
 */

export { MICRO_DEPOSIT_CAP_MESSAGE };

export type RuleDecision<Extra extends object = object> = ({ allowed: true } & Extra) | { allowed: false; field: string; message: string };

const refuse = (field: string, message: string) => ({ allowed: false as const, field, message });

// ---------------------------------------------------------------------------------------------
// The decision's inputs (lib/application/decision-inputs.ts): final once the decision is made.

export const IDENTITY_LOCKED_MESSAGE =
  "Your legal name, date of birth and SSN can be changed only until your rate check (the soft credit check). To correct them now, contact support.";
export const EMPLOYER_LOCKED_MESSAGE =
  "Your employer can't be changed after your rate check: your offer and its payroll deduction were made for this employer. If you have changed jobs, contact support to start a new application.";
export const STATE_LOCKED_MESSAGE =
  "Your state of residence can't be changed after your rate check: it decides the lending rules and disclosures of your offer. If you have moved, contact support to start a new application.";
export const AMOUNT_LOCKED_MESSAGE =
  "The amount you asked for can't be changed after your rate check: your rate and offer were decided for it. To borrow a different amount, contact support to start a new application.";
export const EMPLOYMENT_LOCKED_MESSAGE =
  "Your income, pay and job details can't be changed after your rate check: the amount offered and its payroll deductions were decided on them. If one is wrong or has changed, contact support.";

/** Each input's refusal, in the words of the facts it belongs to. */
const LOCKED_MESSAGE: Readonly<Record<DecisionInput, string>> = {
  ssn: IDENTITY_LOCKED_MESSAGE,
  given_name: IDENTITY_LOCKED_MESSAGE,
  middle_name: IDENTITY_LOCKED_MESSAGE,
  family_name: IDENTITY_LOCKED_MESSAGE,
  birthdate: IDENTITY_LOCKED_MESSAGE,
  employerId: EMPLOYER_LOCKED_MESSAGE,
  state: STATE_LOCKED_MESSAGE,
  amount: AMOUNT_LOCKED_MESSAGE,
  salary: EMPLOYMENT_LOCKED_MESSAGE,
  additionalIncome: EMPLOYMENT_LOCKED_MESSAGE,
  payFrequency: EMPLOYMENT_LOCKED_MESSAGE,
  payMonths: EMPLOYMENT_LOCKED_MESSAGE,
  employmentStatus: EMPLOYMENT_LOCKED_MESSAGE,
  startDate: EMPLOYMENT_LOCKED_MESSAGE,
  jobTitle: EMPLOYMENT_LOCKED_MESSAGE,
};

/** A stored or sent value of an input: text, a number, or none. */
export type DecisionInputValue = string | number | null;
export type DecisionInputValues = Partial<Record<DecisionInput, DecisionInputValue>>;

/**
 * Whether a sent value is the stored one: numbers by value (the database answers 52000 as
 * "52000.00"), text exactly, none only as none.
 */
function sameValue(stored: DecisionInputValue | undefined, sent: DecisionInputValue): boolean {
  const a = stored ?? null;
  if (a === null || sent === null) return a === sent;
  if (typeof a === "number" || typeof sent === "number") return Number(a) === Number(sent);
  return a === sent;
}

export type DecisionInputChange =
  { allowed: true } | { allowed: false; reason: Extract<RefusalCode, "DECISION_FACTS_LOCKED">; field: DecisionInput; message: string };

/**
 * A change of any decision input is refused once the decision is made (decisionInputsFinal: from
 * prequalApprove or prequalRej on, Offer Sent, signed and active loans included), rather than
 * sending the application back to a new decision: a rate, an offer, disclosures and payroll
 * deductions made on one set of facts are never carried over to another, and a re-decision in
 * place is what a swap of identity, income or employer needs. A genuine correction goes through
 * support, a new situation through a new application (docs/lending.md, "The decision's inputs are
 * final"). Sending the stored values again is no change; inputs not sent are not changed. The
 * first changed input, in DECISION_INPUTS' order, is named.
 */
export function decideDecisionInputChange(step: string, current: DecisionInputValues, requested: DecisionInputValues): DecisionInputChange {
  if (!decisionInputsFinal(step)) return { allowed: true };
  for (const input of DECISION_INPUTS) {
    const sent = requested[input];
    if (sent !== undefined && !sameValue(current[input], sent)) {
      return { allowed: false, reason: "DECISION_FACTS_LOCKED", field: input, message: LOCKED_MESSAGE[input] };
    }
  }
  return { allowed: true };
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
