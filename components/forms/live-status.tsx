"use client";

import { classNames } from "@/components/ui/class-names";

/**
 * A polite live region that is always in the page (a region inserted together with its message is
 * not reliably read), so a save or a one-press fix is heard when it happens ("Your state of
 * residence is now Illinois"; issue 50, WCAG 4.1.3 status messages). Seen too while it has a message.
 */
export function LiveStatus({ message, className, testId }: { message: string | null | undefined; className?: string; testId?: string }) {
  return (
    <p role="status" data-testid={testId} className={message ? className : "sr-only"}>
      {message ?? ""}
    </p>
  );
}

/** The look of a confirmation in the page (a saved change). */
export const savedStatusClass = classNames("rounded-md border border-green-700 bg-green-50 px-3 py-2 text-green-900");
