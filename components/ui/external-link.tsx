import type { AnchorHTMLAttributes, ReactNode } from "react";

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  href: string;
  children: ReactNode;
}

/**
 * A link that opens in a new tab. rel=noopener noreferrer keeps the opened page from reaching back
 * through window.opener; the hidden suffix tells screen-reader users about the new tab.
 */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
