/**
 * Which application-step moves a user may ask for (setApplicationStep). Only the lender moves the
 * lender's states: prequalApprove / prequalRej (preQualification), completeUnderReview (the review
 * rule), rejected, 'Offer Sent', offerDetails, Paper Form Confirmation Pending, activeLoan
 * (origination) and every applicationBlocked step are never a user's target. A user may move
 * forward to the next step of the flow once the current step's data is complete, or back to the
 * step on top of their history while they are still on a step they own.
 */

/** Steps the user owns, each with the steps a forward move may reach from it. */
export const USER_FORWARD: Readonly<Record<string, readonly string[]>> = {
  chooseEmployer: ["loanDetails"],
  loanDetails: ["personalInformation"],
  personalInformation: ["employmentInformation"],
  employmentInformation: ["authPrequal"],
  authPrequal: [], // preQualification decides
  consentPage: ["fundingAccount"],
  fundingAccount: ["uploadIdentity", "uploadPaystubs", "uploadTenure", "verifyMD"],
  uploadIdentity: ["uploadPaystubs", "uploadTenure", "verifyMD"],
  uploadPaystubs: ["uploadTenure", "verifyMD"],
  uploadTenure: ["verifyMD"],
  verifyMD: [], // the review rule decides
};

/** The one lender-set step a user may continue from (to consent) and go back to. */
const PREQUAL_APPROVED = "prequalApprove";

export function isUserStep(step: string): boolean {
  return Object.hasOwn(USER_FORWARD, step);
}

export type Completeness = Readonly<Record<string, boolean>>;

export type MoveDecision = { allowed: true; kind: "stay" | "forward" | "back" } | { allowed: false; reason: string };

/**
 * `complete[step]` says whether that step's data is complete (see stepCompleteness in
 * local/lender/rules/operations.ts for what each step needs).
 */
export function decideUserMove(state: { step: string; history: readonly string[] }, target: string, complete: Completeness): MoveDecision {
  const { step, history } = state;
  if (target === step) return { allowed: true, kind: "stay" };
  const fromUserStep = isUserStep(step) || step === PREQUAL_APPROVED;
  if (!fromUserStep) return { allowed: false, reason: `the application is at "${step}", which only the lender moves on from` };
  const next = step === PREQUAL_APPROVED ? ["consentPage"] : USER_FORWARD[step]!;
  if (next.includes(target)) {
    if (!complete[step]) return { allowed: false, reason: `"${step}" is not complete yet` };
    return { allowed: true, kind: "forward" };
  }
  if (history.at(-1) === target && step !== PREQUAL_APPROVED && (isUserStep(target) || target === PREQUAL_APPROVED)) {
    return { allowed: true, kind: "back" };
  }
  if (!isUserStep(target)) return { allowed: false, reason: `"${target}" is set by the lender, not by the applicant` };
  return { allowed: false, reason: `"${target}" is neither the next step nor the previous one` };
}
