"use client";

import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { DEFAULT_PAGE_WINDOW, pageWindow } from "./use-pagination";

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Page buttons shown at once; SPEC 9 default 5. */
  windowSize?: number;
  /** Names the nav landmark, e.g. "Statements pages". */
  label?: string;
  className?: string;
}

const buttonClass = classNames(
  "inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50",
  focusRing,
);

/**
 * Page controls for a list driven by usePagination. Renders nothing for a single page: there is
 * nowhere to go.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  windowSize = DEFAULT_PAGE_WINDOW,
  label = "Pagination",
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount, windowSize);
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <button
            type="button"
            className={classNames(buttonClass, "border-gray-300")}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
        </li>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-label={`Page ${n}`}
              aria-current={n === page ? "page" : undefined}
              className={classNames(
                buttonClass,
                n === page ? "border-brand bg-brand text-white" : "border-gray-300 text-ink hover:bg-brand-light",
              )}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={classNames(buttonClass, "border-gray-300")}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
