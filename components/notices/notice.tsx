import type { ReactNode } from "react";
import { classNames } from "@/components/ui/class-names";
import { StrokeIcon } from "@/components/ui/stroke-icon";

export type NoticeIcon = "lock" | "tools" | "search" | "sign-in" | "form";

const ICON_PATHS: Record<NoticeIcon, string> = {
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2",
  tools: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18v3h3l6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.8-2.8zM3 3l6 6",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5",
  "sign-in": "M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3",
  form: "M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 8h6M9 12h6M9 16h3",
};

export interface NoticeProps {
  icon: NoticeIcon;
  title: string;
  /** The page's main heading by default; lower it when the notice sits under another heading. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  /** Links or buttons, laid out as a row that wraps on narrow screens. */
  actions?: ReactNode;
  className?: string;
  /** The heading's id, which names the region; change it if a page shows two notices. */
  headingId?: string;
}

/**
 * The shared frame of the shell's notices: a decorative icon, a heading that names the region, the
 * explanation and the way on. Centred, single column, readable from 320 px up.
 */
export function Notice({ icon, title, headingLevel = 1, children, actions, className, headingId = "notice-title" }: NoticeProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={headingId}
      className={classNames("mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-16", className)}
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-light text-brand">
        <StrokeIcon path={ICON_PATHS[icon]} size={32} strokeWidth={1.75} roundJoins />
      </span>
      <Heading id={headingId} className="text-2xl font-bold text-brand-dark sm:text-3xl">
        {title}
      </Heading>
      {children !== undefined && <div className="flex flex-col gap-3 text-base leading-relaxed text-gray-700">{children}</div>}
      {actions !== undefined && <div className="flex flex-wrap items-center justify-center gap-3">{actions}</div>}
    </section>
  );
}
