import path from "node:path";
import { DEFAULT_BUDGET_BYTES, LIBRARY_RULES, PAGE_BUDGETS, budgetFor, judge, type LibraryRule } from "./budgets";
import { staleMarkers } from "./measure";

const KiB = 1024;
const BARE = 131 * KiB;
const rules: LibraryRule[] = [{ name: "Maps", markers: ["m"], source: "x", allowedOn: ["/personal"] }];

describe("judge", () => {
  it.each([
    ["a notice page at its budget passes", "/restricted", BARE + 40 * KiB, [], 0],
    ["a notice page one byte over fails", "/restricted", BARE + 40 * KiB + 1, [], 1],
    ["an unlisted page gets the notice budget", "/brand-new", BARE + 41 * KiB, [], 1],
    ["a form page has its own budget", "/employment", BARE + 59 * KiB, [], 0],
    ["a library on its own page passes", "/personal", BARE + 10 * KiB, ["Maps"], 0],
    ["a library on another page fails", "/restricted", BARE + 10 * KiB, ["Maps"], 1],
    ["over budget and a stray library: both reported", "/bank", BARE + 101 * KiB, ["Maps"], 2],
  ])("%s", (_, route, gzipBytes, libraries, problems) => {
    const [result] = judge([{ route, gzipBytes, libraries }], BARE, rules);
    expect(result!.problems).toHaveLength(problems);
    expect(result!.overBareBytes).toBe(gzipBytes - BARE);
  });

  it("names the page's budget and the pages a stray library belongs to", () => {
    const [result] = judge([{ route: "/bank", gzipBytes: BARE + 101 * KiB, libraries: ["Maps"] }], BARE, rules);
    expect(result!.problems.join("\n")).toMatch(/101\.0 KiB over a bare Next page, budget 60\.0 KiB/);
    expect(result!.problems.join("\n")).toMatch(/ships Maps, which only \/personal may load/);
  });
});

describe("the budget table", () => {
  it("holds the issues' budgets", () => {
    expect(DEFAULT_BUDGET_BYTES).toBe(40 * KiB);
    expect(budgetFor("/employment")).toBe(60 * KiB);
    expect(budgetFor("/personal")).toBe(60 * KiB);
    expect(budgetFor("/bank")).toBe(60 * KiB);
    expect(budgetFor("/login")).toBe(60 * KiB);
    expect(budgetFor("/register")).toBe(60 * KiB);
    for (const notice of ["/restricted", "/_restricted", "/under-construction", "/wait-load-redirect", "/_not-found"]) {
      expect(PAGE_BUDGETS[notice]).toBeUndefined();
    }
  });

  it.each(LIBRARY_RULES.map((r) => [r.name, r] as const))("every marker of %s is really in its code", (_, rule) => {
    expect(staleMarkers(path.resolve(__dirname, "../.."), rule)).toEqual([]);
  });
});
