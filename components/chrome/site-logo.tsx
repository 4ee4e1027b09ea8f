import { AppLink } from "@/components/ui/app-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { SITE } from "./site-links";

/**
 * The brand mark, drawn as app/icon.svg draws the favicon (site-logo.test.tsx holds them equal).
 * Inline rather than an image: it is in the first paint of every page, and an image request there
 * is one more that the first paint may wait for on a slow phone (issue 24).
 */
export const MARK = {
  viewBox: "0 0 32 32",
  background: { rx: 7 },
  letter: { d: "M9 22V10h9v3h-5.5v2h5v3h-5v1H18v3z" },
  dot: { cx: 23, cy: 20, r: 3 },
} as const;

/** The logo, always a link back to the home route (SPEC 2): the mark, and the name beside it from 640 px. */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <AppLink
      href={SITE.homeHref}
      aria-label={`${SITE.name} home`}
      className={classNames("inline-flex shrink-0 items-center gap-2 rounded", focusRing, className)}
    >
      <svg aria-hidden="true" focusable="false" width={32} height={32} viewBox={MARK.viewBox} className="h-8 w-8 shrink-0">
        <rect width={32} height={32} rx={MARK.background.rx} className="fill-brand" />
        <path d={MARK.letter.d} className="fill-white" />
        <circle cx={MARK.dot.cx} cy={MARK.dot.cy} r={MARK.dot.r} className="fill-brand-light" />
      </svg>
      {/* On a phone only the mark, so the top bar stays one row at 320 px. */}
      <span aria-hidden="true" className="hidden text-[15px] font-bold text-brand-dark tablet:inline">
        {SITE.name}
      </span>
    </AppLink>
  );
}
