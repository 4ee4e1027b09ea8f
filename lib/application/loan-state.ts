import { ACTIVE_LOAN, isBlockedStep } from "./steps";

export const LOAN_STATES = ["not-started", "in-progress", "review", "signed", "originated", "rejected"] as const;
export type LoanState = (typeof LOAN_STATES)[number] | "applicationBlocked";

/** The facts the loan state is derived from, as loaded at sign-in. */
export interface LoanFacts {
  applicationStep: string;
  contractSigned?: boolean;
  /** Qualification errors (e.g. a failed prequalification). */
  qualificationErrors?: boolean;
  /** The application's error text, if any ("denied", "rejected", ...). */
  applicationError?: string | null;
  approved?: boolean;
  amountAppliedFor?: number | null;
}

/** SPEC section 4, in order: the first rule that holds decides. */
export function deriveLoanState(facts: LoanFacts): LoanState {
  const step = facts.applicationStep;
  if (isBlockedStep(step)) return "applicationBlocked";
  if (step === ACTIVE_LOAN) return "originated";
  if (step === "rejected") return "rejected";
  if (facts.contractSigned) return "signed";
  const error = facts.applicationError?.toLowerCase() ?? "";
  if (facts.qualificationErrors || error.includes("denied") || error.includes("rejected")) return "rejected";
  if (facts.approved || error !== "" || step === "completeUnderReview") return "review";
  if ((facts.amountAppliedFor ?? 0) > 0) return "in-progress";
  return "not-started";
}

export function isSignedOrOriginated(state: LoanState): boolean {
  return state === "signed" || state === "originated";
}

/**
 * Who can still apply, by loan state (issue 49): the header's "Check My Rate" is offered to them
 * only. Not to a borrower whose contract is signed or whose loan is funded, nor to an applicant who
 * was refused or whose application is blocked (the lender's rules close applying to them; their
 * dashboard says what they can do). One row per state, so a new state must be decided here.
 */
const CAN_STILL_APPLY: Readonly<Record<LoanState, boolean>> = {
  "not-started": true,
  "in-progress": true,
  review: true,
  signed: false,
  originated: false,
  rejected: false,
  applicationBlocked: false,
};

export function canStillApply(state: LoanState): boolean {
  return CAN_STILL_APPLY[state];
}
