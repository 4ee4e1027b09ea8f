import type { ReactNode } from "react";
import { classNames } from "@/components/ui/class-names";
import { landingHeading } from "@/lib/landing/headings";

export interface LandingHeadingProps {
  /** Employer group or segment key (route slug); unknown or missing keys give the default heading. */
  landingKey?: string | null;
  /** Optional line under the heading. */
  children?: ReactNode;
  className?: string;
}

/** The landing page's h1, from the heading map (SPEC 2). */
export function LandingHeading({ landingKey, children, className }: LandingHeadingProps) {
  return (
    <div className={classNames("flex flex-col gap-3", className)}>
      <h1 className="text-3xl font-bold text-brand-dark sm:text-4xl">{landingHeading(landingKey)}</h1>
      {children !== undefined && <p className="text-lg text-gray-700">{children}</p>}
    </div>
  );
}
