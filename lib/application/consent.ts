import type { Claims } from "@/lib/session/claims";
import { ACTIVE_LOAN, OFFER_DETAILS, OFFER_SENT, PAPER_FORM_PENDING, stepRank } from "./steps";

/** Applicants give consent on the consentPage step; before it, the apply flow asks them itself. */
const CONSENT_STEP_RANK = stepRank("consentPage")!;
const AFTER_CONSENT = new Set([OFFER_SENT, OFFER_DETAILS, PAPER_FORM_PENDING, ACTIVE_LOAN]);

/**
 * The updated-terms popup is for users past the consent step whose consent to the partner bank's
 * current terms is not on record (the terms changed, or consent was never stored).
 */
export function needsUpdatedTermsConsent(claims: Pick<Claims, "step" | "evolveConsent" | "loanState">): boolean {
  if (claims.evolveConsent) return false;
  const rank = stepRank(claims.step);
  const pastConsent = rank !== undefined ? rank >= CONSENT_STEP_RANK && claims.step !== "rejected" : AFTER_CONSENT.has(claims.step);
  return pastConsent && claims.loanState !== "rejected";
}
