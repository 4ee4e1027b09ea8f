/** Application steps and their rank (SPEC section 4). */
export const STEP_RANK = {
  chooseEmployer: 0,
  loanDetails: 1,
  personalInformation: 2,
  employmentInformation: 3,
  authPrequal: 4,
  prequalApprove: 5,
  prequalRej: 5,
  consentPage: 6,
  fundingAccount: 7,
  uploadIdentity: 8,
  uploadPaystubs: 8,
  uploadTenure: 8,
  verifyMD: 9,
  completeUnderReview: 10,
  rejected: 10,
} as const satisfies Record<string, number>;

export type RankedStep = keyof typeof STEP_RANK;

export const FIRST_STEP: RankedStep = "chooseEmployer";
export const OFFER_SENT = "Offer Sent";
export const OFFER_DETAILS = "offerDetails";
export const ACTIVE_LOAN = "activeLoan";
export const PAPER_FORM_PENDING = "Paper Form Confirmation Pending";
export const APPLICATION_BLOCKED = "applicationBlocked";
/** The apply-path segment of the direct-deposit address while an offer is out. */
export const DIRECT_DEPOSIT_STEP = "directDeposit";

const byLowerName = new Map<string, RankedStep>((Object.keys(STEP_RANK) as RankedStep[]).map((s) => [s.toLowerCase(), s]));

/** The ranked step named by a path segment, matched case-insensitively. */
export function rankedStep(name: string): RankedStep | undefined {
  return byLowerName.get(name.toLowerCase());
}

export function stepRank(step: string): number | undefined {
  // Own keys only: "toString" or "constructor" is no step (the object's prototype answered before).
  return Object.hasOwn(STEP_RANK, step) ? (STEP_RANK as Record<string, number>)[step] : undefined;
}

export function isBlockedStep(step: string): boolean {
  return step.includes(APPLICATION_BLOCKED);
}

/** Every value the server may hold as applicationStep. */
export function isKnownStep(step: string): boolean {
  return (
    stepRank(step) !== undefined ||
    step === OFFER_SENT ||
    step === OFFER_DETAILS ||
    step === ACTIVE_LOAN ||
    step === PAPER_FORM_PENDING ||
    isBlockedStep(step)
  );
}

export interface StepHistory {
  step: string;
  history: string[];
}

/** A forward move pushes the current step onto the history. */
export function forward(state: StepHistory, next: string): StepHistory {
  return { step: next, history: [...state.history, state.step] };
}

/** Going back pops the history, falling back to loanDetails when it is empty. */
export function back(state: StepHistory): StepHistory {
  if (state.history.length === 0) return { step: "loanDetails", history: [] };
  const history = state.history.slice(0, -1);
  return { step: state.history[state.history.length - 1]!, history };
}
