/** @jest-environment jsdom */
import { act, renderHook } from "@testing-library/react";
import { pageCount, pageWindow, usePagination, type PaginationState, type UsePaginationOptions } from "./use-pagination";

describe("pageCount", () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
    [-5, 10, 1],
    [Number.NaN, 10, 1],
    [25, 0, 3], // a nonsensical size falls back to the default 10
  ])("%p items at %p per page -> %p pages", (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 20, [1, 2, 3, 4, 5]],
    [3, 20, [1, 2, 3, 4, 5]],
    [4, 20, [2, 3, 4, 5, 6]],
    [10, 20, [8, 9, 10, 11, 12]],
    [19, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
    [99, 7, [3, 4, 5, 6, 7]],
    [0, 7, [1, 2, 3, 4, 5]],
  ])("page %p of %p -> %p", (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });

  it("honours another window size", () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});

describe("usePagination", () => {
  const setup = (totalItems: number, pageSize?: number) =>
    renderHook<PaginationState, UsePaginationOptions>((props) => usePagination(props), { initialProps: { totalItems, pageSize } });

  it("defaults to 10 per page, starting on page 1", () => {
    const { result } = setup(35);
    expect(result.current).toMatchObject({ page: 1, pageCount: 4, pageSize: 10, startIndex: 0, endIndex: 10 });
  });

  it("slices the last, partial page", () => {
    const { result } = setup(35);
    act(() => result.current.setPage(4));
    expect(result.current).toMatchObject({ page: 4, startIndex: 30, endIndex: 35 });
  });

  it("keeps setPage inside the pages", () => {
    const { result } = setup(35);
    act(() => result.current.setPage(99));
    expect(result.current.page).toBe(4);
    act(() => result.current.setPage(-1));
    expect(result.current.page).toBe(1);
  });

  it("resets to page 1 when the total changes", () => {
    const { result, rerender } = setup(35);
    act(() => result.current.setPage(3));
    rerender({ totalItems: 36 });
    expect(result.current.page).toBe(1);
    expect(result.current.startIndex).toBe(0);
  });

  it("resets to page 1 when the page size changes", () => {
    const { result, rerender } = setup(100, 10);
    act(() => result.current.setPage(5));
    rerender({ totalItems: 100, pageSize: 25 });
    expect(result.current).toMatchObject({ page: 1, pageCount: 4, pageSize: 25 });
  });

  it("survives a junk total without re-rendering forever", () => {
    const { result, rerender } = setup(Number.NaN);
    expect(result.current).toMatchObject({ page: 1, pageCount: 1, startIndex: 0, endIndex: 0 });
    rerender({ totalItems: Number.NaN });
    expect(result.current.page).toBe(1);
  });

  it("keeps the page when neither changes", () => {
    const { result, rerender } = setup(100, 10);
    act(() => result.current.setPage(5));
    rerender({ totalItems: 100, pageSize: 10 });
    expect(result.current.page).toBe(5);
  });
});
