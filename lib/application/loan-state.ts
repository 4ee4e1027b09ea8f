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
