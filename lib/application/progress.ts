import { OFFER_DETAILS, OFFER_SENT, STEP_RANK, stepRank, type RankedStep } from "./steps";

/**
 * Where an applicant is in the application, as people read it ("Step 3 of 10: About you"). The
 * stages are cut from the step ranks (steps.ts, the one order of the application): each stage
 * starts at a step's rank and holds every step ranked from there up to the next stage, so a step
 * added to STEP_RANK falls into a stage by its rank without being listed here.
 */
export const APPLICATION_STAGES = [
  { label: "Your employer", from: "chooseEmployer" },
  { label: "Your loan", from: "loanDetails" },
  { label: "About you", from: "personalInformation" },
  { label: "Your job", from: "employmentInformation" },
  // The review ends with the press that runs the soft credit check; its answer is a stage of its
  // own, so nobody reads "Review" once the rate is known (issue 42).
  { label: "Review", from: "authPrequal" },
  { label: "Your rate", from: "prequalApprove" },
  { label: "Your bank account", from: "consentPage" },
  { label: "Verification", from: "uploadIdentity" },
  { label: "Decision", from: "completeUnderReview" },
  { label: "Sign your contract", from: OFFER_SENT },
] as const satisfies readonly { label: string; from: RankedStep | typeof OFFER_SENT }[];

/** Steps past the ranks that are still the application: the offer out for signing. */
const SIGNING: ReadonlySet<string> = new Set([OFFER_SENT, OFFER_DETAILS]);

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
  const total = APPLICATION_STAGES.length;
  if (SIGNING.has(step)) return { stage: total, total, label: APPLICATION_STAGES[total - 1]!.label };
  const rank = stepRank(step);
  if (rank === undefined) return null;
  let stage = 0;
  APPLICATION_STAGES.forEach((s, i) => {
    if (s.from !== OFFER_SENT && STEP_RANK[s.from] <= rank) stage = i;
  });
  return { stage: stage + 1, total: APPLICATION_STAGES.length, label: APPLICATION_STAGES[stage]!.label };
}

/**
 * "Step 3 of 10: About you" on the page that serves the step; on a page shown for another reason
 * (the saved employment reached by Back while the review waits) it says where the application is
 * instead of pretending this page is that step.
 */
export function progressText(p: ApplicationProgress, here = true): string {
  return here ? `Step ${p.stage} of ${p.total}: ${p.label}` : `Your application is at step ${p.stage} of ${p.total}: ${p.label}`;
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
  if (step === REVIEW_STEP) return REVIEW_ROUTE;
  // 'Offer Sent' and the other unranked steps have no apply page of their own: /apply, where the edge sends on (SPEC 4).
  return stepRank(step) === undefined ? "/apply" : `/apply/${encodeURIComponent(step)}`;
}

/**
 * Where a page that is not the current step sends the person ("This step is not open"): the open
 * step named as the progress names it, and the way there. Pure, so the hosted app's stand-in and
 * any shell page say the same.
 */
export function openStep(step: string): { label: string; href: string } {
  const progress = applicationProgress(step);
  return {
    label: progress ? `step ${progress.stage} of ${progress.total}, ${progress.label}` : "your current step",
    href: continueRoute(step),
  };
}
