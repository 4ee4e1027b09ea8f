import type { TrustBadge as Badge } from "./site-links";

// Drawn in the page, not loaded as SVG images: an SVG image is a document of its own, built on the
// main thread when it arrives (a 50-70 ms task at the phone's CPU speed, issue 24) with fonts of its
// own. The text here is the page's font at the footer's small size: no font lookup the page lacks.
const MARKS: Record<Badge["mark"], React.ReactNode> = {
  check: (
    <>
      <circle cx={22} cy={22} r={13} className="fill-brand" />
      <path d="M16 22.5l4 4 8-9" fill="none" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" className="stroke-white" />
    </>
  ),
  lock: (
    <>
      <rect x={13} y={20} width={18} height={14} rx={2} className="fill-brand" />
      <path d="M16 20v-4a6 6 0 0 1 12 0v4" fill="none" strokeWidth={3} className="stroke-brand" />
      <circle cx={22} cy={27} r={2} className="fill-white" />
    </>
  ),
};

/** A trust badge: one named image (its mark and two lines of text), the size the seal had as a file. */
export function TrustBadge({ badge }: { badge: Badge }) {
  return (
    <span
      role="img"
      aria-label={badge.name}
      className="inline-flex h-11 min-w-[120px] items-center gap-2 rounded-md border border-brand-dark bg-white pr-2 pl-1 text-xs leading-4 whitespace-nowrap uppercase"
    >
      <svg aria-hidden="true" focusable="false" width={28} height={28} viewBox="8 8 28 28" className="shrink-0">
        {MARKS[badge.mark]}
      </svg>
      <span className="flex flex-col">
        <span className="font-bold text-brand-dark">{badge.lines[0]}</span>
        <span className="text-ink">{badge.lines[1]}</span>
      </span>
    </span>
  );
}
