import { applicationProgress, progressText } from "@/lib/application/progress";
import { ProgressBar } from "./progress-bar";

/**
 * "Step 3 of 10: About you" with its bar, at the top of every application page. Renders nothing
 * where the person is not applying (a borrower, an ended application).
 */
export function ApplicationProgress({ step, here = true }: { step: string | null | undefined; here?: boolean }) {
  const progress = applicationProgress(step);
  if (!progress) return null;
  const text = progressText(progress, here);
  return (
    <div className="flex flex-col gap-1" data-testid="application-progress">
      {/* Drawn for the eye; a screen reader hears the step with the page's h1 (StepHeading) and from the bar. */}
      <p className="text-sm font-semibold text-gray-800" aria-hidden="true">
        {here ? "Step" : "Your application is at step"} {progress.stage} of {progress.total}:{" "}
        <span className="font-normal">{progress.label}</span>
      </p>
      <ProgressBar value={(progress.stage / progress.total) * 100} label="Application progress" valueText={text} />
    </div>
  );
}
