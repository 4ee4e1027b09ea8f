import { applicationProgress } from "@/lib/application/progress";
import { classNames } from "@/components/ui/class-names";

/**
 * The document title of an application page: its heading, then where the application is when the
 * page serves the current step ("Tell us about your loan — Step 2 of 10"), so that what a screen
 * reader announces on arrival is unique per step and state (issue 50; GOV.UK: the title matches the
 * h1). The root layout's template adds " · Employee Loans".
 */
export function stepTitle(heading: string, step: string | null | undefined, here = true): string {
  return `${heading}${stepSuffix(step, here)}`;
}

function stepSuffix(step: string | null | undefined, here: boolean): string {
  const progress = here ? applicationProgress(step) : null;
  return progress ? ` — Step ${progress.stage} of ${progress.total}` : "";
}

/**
 * The page's h1, whose accessible name is the page's title ("Tell us about your loan — Step 2 of 10"):
 * the progress paragraph above it is drawn for the eye and hidden from screen readers, so the step
 * is heard once, with the heading. Focusable by script only (tabIndex -1): a page whose view changes
 * without a load moves focus here (issue 50: focus to the h1 on a step change).
 */
export function StepHeading({
  heading,
  step,
  here = true,
  className,
}: {
  heading: string;
  step: string | null | undefined;
  /** False on a page shown for another reason than the current step (see ApplicationProgress). */
  here?: boolean;
  className?: string;
}) {
  const suffix = stepSuffix(step, here);
  return (
    <h1
      tabIndex={-1}
      data-step-heading
      className={classNames("text-2xl font-bold text-brand-dark focus:outline-none sm:text-3xl", className)}
    >
      {heading}
      {suffix && <span className="sr-only">{suffix}</span>}
    </h1>
  );
}
