/**
 * Why the lender's rules refuse an action: one typed code per reason, the same in the contract
 * (a refusal is AppSync's `FailedPrecondition` error with `errorInfo.reason`), the stand-in API,
 * the stand-in apps and the shell's pages. docs/lending.md ("The application's state machine")
 * lists which code each action answers in each state.
 */
export const REFUSAL_CODES = [
  /** The application is closed: refused, blocked, or its loan is funded. Will not work later. */
  "APPLICATION_CLOSED",
  /** An action of a later step: finish the current step first. */
  "NOT_YET",
  /** Signing or setting up direct deposit before the offer is accepted. */
  "OFFER_NOT_ACCEPTED",
  /** Signing before direct deposit is confirmed. */
  "DIRECT_DEPOSIT_NOT_CONFIRMED",
  /** A fact the credit decision was made on, changed after the decision. */
  "DECISION_FACTS_LOCKED",
  /** Anything that would change a signed contract's terms or its signature. */
  "CONTRACT_SIGNED",
  /** Done already (payroll linked, direct deposit confirmed, offer accepted): nothing to do. */
  "ALREADY_DONE",
  /** Not offered for this application at all (e.g. payroll linking for an employer without it). */
  "NOT_OFFERED",
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** AppSync's errorType of every refusal by the lender's rules. */
export const RULE_REFUSAL_ERROR_TYPE = "FailedPrecondition";

export function isRefusalCode(value: unknown): value is RefusalCode {
  return typeof value === "string" && (REFUSAL_CODES as readonly string[]).includes(value);
}

/** How a person should read a refusal: closed for good, not yet, or something to do first. */
export type RefusalKind = "closed" | "notYet" | "needsFirst" | "done";

export const REFUSAL_KIND: Readonly<Record<RefusalCode, RefusalKind>> = {
  APPLICATION_CLOSED: "closed",
  NOT_OFFERED: "closed",
  DECISION_FACTS_LOCKED: "closed",
  CONTRACT_SIGNED: "closed",
  NOT_YET: "notYet",
  OFFER_NOT_ACCEPTED: "needsFirst",
  DIRECT_DEPOSIT_NOT_CONFIRMED: "needsFirst",
  ALREADY_DONE: "done",
};
