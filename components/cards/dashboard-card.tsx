import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { classNames } from "@/components/ui/class-names";

export interface DashboardCardProps {
  title: string;
  children?: ReactNode;
  /** Where the card leads; SPEC 2 default: the dashboard. */
  href?: string;
  /** Keeps the heading outline right wherever the card sits. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * A card whose title is the link; the link's ::after covers the card so the whole card is
 * clickable while the link's accessible name stays the short title, not the whole body.
 */
export function DashboardCard({ title, children, href = "/dashboard", headingLevel = 2, className }: DashboardCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={classNames(
        "relative rounded-lg border border-gray-200 bg-white p-5 shadow-sm transition hover:border-brand hover:shadow-md",
        "has-[a:focus-visible]:outline has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand",
        className,
      )}
    >
      <Heading className="text-lg font-semibold text-brand-dark">
        <AppLink href={href} className="after:absolute after:inset-0 after:rounded-lg focus:outline-none">
          {title}
        </AppLink>
      </Heading>
      {children !== undefined && <div className="mt-2 text-sm text-gray-700">{children}</div>}
    </article>
  );
}
