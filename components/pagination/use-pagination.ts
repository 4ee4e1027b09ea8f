import { useState } from "react";

/** SPEC 9 pagination defaults. */
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_WINDOW = 5;

/** Pages needed for the items; at least 1 so "page 1 of 1" holds for an empty list. */
export function pageCount(totalItems: number, pageSize: number): number {
  const total = Number.isFinite(totalItems) ? Math.max(0, Math.floor(totalItems)) : 0;
  const size = Number.isFinite(pageSize) && pageSize >= 1 ? Math.floor(pageSize) : DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers to show as buttons: up to `size` consecutive pages with the current one as
 * central as the ends allow (page 1 of 20 -> 1..5, page 10 -> 8..12, page 20 -> 16..20).
 */
export function pageWindow(page: number, pages: number, size = DEFAULT_PAGE_WINDOW): number[] {
  const width = Math.max(1, Math.min(size, pages));
  const current = Math.min(Math.max(1, page), pages);
  const start = Math.min(Math.max(1, current - Math.floor(width / 2)), pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export interface UsePaginationOptions {
  totalItems: number;
  pageSize?: number;
}

export interface PaginationState {
  page: number;
  pageCount: number;
  pageSize: number;
  /** Slice bounds of the current page: items.slice(startIndex, endIndex). */
  startIndex: number;
  endIndex: number;
  setPage: (page: number) => void;
}

/**
 * Current page for a list. Back to page 1 whenever the page size or the total changes (SPEC 9),
 * so a shrinking list never leaves the reader on a page that no longer exists.
 */
export function usePagination({ totalItems, pageSize = DEFAULT_PAGE_SIZE }: UsePaginationOptions): PaginationState {
  // Normalised first: NaN would never equal itself below and reset on every render.
  const total = Number.isFinite(totalItems) ? Math.max(0, Math.floor(totalItems)) : 0;
  const size = Number.isFinite(pageSize) && pageSize >= 1 ? Math.floor(pageSize) : DEFAULT_PAGE_SIZE;
  const pages = pageCount(total, size);
  const [state, setState] = useState({ page: 1, total, size });

  // Reset during render rather than in an effect: no frame ever shows the stale page.
  let page = state.page;
  if (state.total !== total || state.size !== size) {
    page = 1;
    setState({ page, total, size });
  }

  const startIndex = (page - 1) * size;
  return {
    page,
    pageCount: pages,
    pageSize: size,
    startIndex,
    endIndex: Math.min(total, startIndex + size),
    setPage: (next) => {
      const target = Number.isNaN(next) ? 1 : Math.min(Math.max(1, Math.floor(next)), pages);
      setState((s) => ({ ...s, page: target }));
    },
  };
}
