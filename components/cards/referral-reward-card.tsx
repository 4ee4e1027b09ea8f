import { ProgressBar } from "@/components/progress/progress-bar";
import { classNames } from "@/components/ui/class-names";

export interface ReferralReward {
  header: string;
  text: string;
  image: { src: string; alt: string };
  /** Referrals needed for the reward. */
  total: number;
}

/** SPEC 2: the default sample reward, the first one at 5 referrals, a 50-dollar gift card. */
export const DEFAULT_REFERRAL_REWARD: ReferralReward = {
  header: "First reward",
  text: "Refer 5 co-workers who take out a loan and get a $50 gift card.",
  image: { src: "/images/gift-card-50.svg", alt: "$50 gift card" },
  total: 5,
};

export interface ReferralProgress {
  /** Referrals counted towards the reward, at least 0. */
  count: number;
  completed: boolean;
  /** 0–100, for the bar. */
  percent: number;
}

/**
 * SPEC says "Completed" when count equals total; a count past the total (more referrals than the
 * reward needs) is completed too. Negative or non-numeric counts read as 0; a reward needing no
 * referrals is complete.
 */
export function referralProgress(count: number, total: number): ReferralProgress {
  const safeCount = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  const safeTotal = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const completed = safeCount >= safeTotal;
  return { count: safeCount, completed, percent: completed ? 100 : (safeCount / safeTotal) * 100 };
}

export interface ReferralRewardCardProps extends ReferralReward {
  count: number;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function ReferralRewardCard({ header, text, image, total, count, headingLevel = 3, className }: ReferralRewardCardProps) {
  const progress = referralProgress(count, total);
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={classNames(
        "flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center",
        className,
      )}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from public/images: next/image would not optimise it */}
      <img src={image.src} alt={image.alt} width={160} height={100} className="h-auto w-32 shrink-0 self-start" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Heading className="text-base font-semibold text-brand-dark">{header}</Heading>
        <p className="text-sm text-gray-700">{text}</p>
        {progress.completed ? (
          <p className="text-sm font-semibold text-popup">Completed</p>
        ) : (
          <>
            <p className="text-sm font-medium text-ink">
              {progress.count}/{total}
              <span className="sr-only"> referrals</span>
            </p>
            <ProgressBar value={progress.percent} label={`${header} progress`} valueText={`${progress.count} of ${total} referrals`} />
          </>
        )}
      </div>
    </article>
  );
}
