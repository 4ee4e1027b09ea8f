import { STEP_RANK, stepRank, type RankedStep } from "./steps";

/**
 * Where an applicant is in the application, as people read it ("Step 3 of 8: About you"). The
 * stages are cut from the step ranks (steps.ts, the one order of the application): each stage
 * starts at a step's rank and holds every step ranked from there up to the next stage, so a step
 * added to STEP_RANK falls into a stage by its rank without being listed here.
 */
export const APPLICATION_STAGES = [
  { label: "Your employer", from: "chooseEmployer" },
  { label: "Your loan", from: "loanDetails" },
  { label: "About you", from: "personalInformation" },
  { label: "Your job", from: "employmentInformation" },
  { label: "Review and rate", from: "authPrequal" },
  { label: "Your bank account", from: "consentPage" },
  { label: "Verification", from: "uploadIdentity" },
  { label: "Decision", from: "completeUnderReview" },
] as const satisfies readonly { label: string; from: RankedStep }[];

/** Steps that end the application: no "step n of m" there. */
const ENDED: ReadonlySet<string> = new Set<RankedStep>(["prequalRej", "rejected"]);

export interface ApplicationProgress {
  /** 1-based. */
  stage: number;
  total: number;
  label: string;
}

/** The stage of a step, or null where the person is not applying (a borrower, a blocked or ended application). */
export function applicationProgress(step: string | null | undefined): ApplicationProgress | null {
  if (!step || ENDED.has(step)) return null;
  const rank = stepRank(step);
  if (rank === undefined) return null;
  let stage = 0;
  APPLICATION_STAGES.forEach((s, i) => {
    if (STEP_RANK[s.from] <= rank) stage = i;
  });
  return { stage: stage + 1, total: APPLICATION_STAGES.length, label: APPLICATION_STAGES[stage]!.label };
}

/** "Step 3 of 8: About you". */
export function progressText(p: ApplicationProgress): string {
  return `Step ${p.stage} of ${p.total}: ${p.label}`;
}

/**
 * The shell's way on from a page that is not the current step's (Back, an old tab): the current
 * step's route. At authPrequal that is the shell's review of the application (/personal), which
 * sends the application on to the rate check; every other step goes through /apply/<step>, where
 * the route table decides.
 */
export const REVIEW_STEP: RankedStep = "authPrequal";
export const REVIEW_ROUTE = "/personal";
export function continueRoute(step: string): string {
  return step === REVIEW_STEP ? REVIEW_ROUTE : `/apply/${encodeURIComponent(step)}`;
}
