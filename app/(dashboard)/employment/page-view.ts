/**
 * What /employment shows for a step: at chooseEmployer (or with no employer) the employer search, at
 * employmentInformation the details form, at any other step the saved employer and employment.
 */
export type EmploymentView = "choose" | "details" | "saved";

export function employmentView(step: string | null | undefined, hasEmployer: boolean): EmploymentView {
  if (step === "chooseEmployer" || !hasEmployer) return "choose";
  return step === "employmentInformation" ? "details" : "saved";
}

/**
 * Each view's h1, and with the step its document title (stepTitle, issue 50): the saved view is
 * not a step of its own, so it names none.
 */
export const EMPLOYMENT_HEADINGS: Record<EmploymentView, { heading: string; here: boolean }> = {
  choose: { heading: "Who is your employer?", here: true },
  details: { heading: "Tell us about your job", here: true },
  saved: { heading: "Your employment", here: false },
};
