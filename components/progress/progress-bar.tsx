import { classNames } from "@/components/ui/class-names";

/** SPEC 9: progress values run from 0 to 100. NaN counts as 0 so junk never draws a bar. */
export function clampProgress(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export interface ProgressBarProps {
  /** Percent; clamped to 0–100. */
  value: number;
  /** The accessible name, e.g. "Referral progress". */
  label: string;
  /** Spoken instead of the bare percent when given, e.g. "3 of 5 referrals". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ value, label, valueText, className }: ProgressBarProps) {
  const clamped = clampProgress(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      // The track is darker than a plain light grey so its edge meets 3:1 against white (WCAG 1.4.11).
      className={classNames("h-2 w-full overflow-hidden rounded-full bg-gray-300", className)}
    >
      <div className="h-full rounded-full bg-brand transition-[width] duration-200" style={{ width: `${clamped}%` }} />
    </div>
  );
}
