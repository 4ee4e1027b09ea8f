import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { classNames } from "./class-names";
import { focusRing } from "./focus-ring";

export interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** Navigation styled as the primary button: it goes somewhere, so it stays a link for assistive tech. */
export function ButtonLink({ href, children, className }: ButtonLinkProps) {
  return (
    <AppLink
      href={href}
      className={classNames(
        "inline-flex items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark",
        focusRing,
        className,
      )}
    >
      {children}
    </AppLink>
  );
}
