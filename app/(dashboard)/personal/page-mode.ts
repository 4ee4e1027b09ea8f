import { REVIEW_STEP } from "@/lib/application/progress";
import { STEP_RANK, stepRank } from "@/lib/application/steps";

/**
 * What /personal shows for a step: the loan request at loanDetails, the personal details at
 * personalInformation, the review of the whole application at authPrequal (before the rate check
 * uses it), the saved details with an account-settings edit past that step (and for every
 * borrower), and a pointer back to the application before an employer is chosen.
 */
export type PersonalPageMode = "loanRequest" | "personalDetails" | "review" | "accountSettings" | "notYet";

export function personalPageMode(step: string): PersonalPageMode {
  if (step === "loanDetails") return "loanRequest";
  if (step === "personalInformation") return "personalDetails";
  if (step === REVIEW_STEP) return "review";
  const rank = stepRank(step);
  if (rank !== undefined && rank < STEP_RANK.loanDetails) return "notYet";
  return "accountSettings";
}

/** Where the browser goes after submitting the page's own step: the shell's route for the next step. */
export const NEXT_ROUTE = {
  loanRequest: { step: "personalInformation", route: "/apply/personalInformation" },
  personalDetails: { step: "employmentInformation", route: "/apply/employmentInformation" },
} as const;

/**
 * Each mode's h1, and with the step its document title (stepTitle): unique per step, so a screen
 * reader's announcement on arrival says where the person is (issue 50). The progress is shown
 * only where the page serves the step (`here`): not in the account settings.
 */
export const PERSONAL_HEADINGS: Record<PersonalPageMode, { heading: string; here: boolean }> = {
  loanRequest: { heading: "Tell us about your loan", here: true },
  personalDetails: { heading: "Tell us about yourself", here: true },
  review: { heading: "Review your application", here: true },
  accountSettings: { heading: "Your account", here: false },
  notYet: { heading: "Choose your employer first", here: false },
};
