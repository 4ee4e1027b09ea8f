import { compileTable, matchRoute, normalizePath } from "./match";
import type { RouteRow } from "./types";

describe("normalizePath: whole segments, decoded once, case kept, empty segments ignored", () => {
  it.each([
    ["/", { ok: true, segments: [], key: "/", canonical: "/" }],
    ["", { ok: true, segments: [], key: "/", canonical: "/" }],
    ["//", { ok: true, segments: [], key: "/", canonical: "/" }],
    ["/Apply/LoanDetails/", { ok: true, segments: ["Apply", "LoanDetails"], key: "/apply/loandetails", canonical: "/Apply/LoanDetails" }],
    ["//apply///verifyMD", { ok: true, segments: ["apply", "verifyMD"], key: "/apply/verifymd", canonical: "/apply/verifyMD" }],
    ["/Perk%53pot", { ok: true, segments: ["PerkSpot"], key: "/perkspot", canonical: "/PerkSpot" }],
    // Decoded once only: %2541 is "%41", not "A".
    ["/a%2541", { ok: true, segments: ["a%41"], key: "/a%41", canonical: "/a%2541" }],
    ["/a b", { ok: true, segments: ["a b"], key: "/a b", canonical: "/a%20b" }],
    ["/a%20b", { ok: true, segments: ["a b"], key: "/a b", canonical: "/a%20b" }],
    ["/.../x", { ok: true, segments: ["...", "x"], key: "/.../x", canonical: "/.../x" }],
  ])("%j", (pathname, want) => {
    expect(normalizePath(pathname)).toEqual(want);
  });

  it.each([
    ["/%E0%A4%A", "malformed-path"],
    ["/apply/%", "malformed-path"],
    ["/a%2Fb", "unmatchable"], // an encoded slash
    ["/a%5Cb", "unmatchable"], // an encoded backslash
    ["/a\\b", "unmatchable"], // a raw backslash
    ["/a%00b", "unmatchable"],
    ["/a%1Fb", "unmatchable"],
    ["/a%7Fb", "unmatchable"],
    ["/a\u0001b", "unmatchable"], // a raw control character
    ["/apply/.", "unmatchable"],
    ["/apply/..", "unmatchable"],
    ["/apply/%2E", "unmatchable"],
    ["/%2e%2e/apply", "unmatchable"],
    ["/ok/%2F/also-ok", "unmatchable"], // one bad segment spoils the path
  ])("%j is %s", (pathname, reason) => {
    expect(normalizePath(pathname)).toEqual({ ok: false, reason });
  });
});

const row = (id: string, pattern: string): RouteRow =>
  ({ id, pattern, layout: "public", guards: [], destination: { kind: "page" } }) as unknown as RouteRow;

describe("compileTable and matchRoute", () => {
  // Compiled inside each test, not at collection time: mutation testing credits a line to the tests
  // that ran it, and code run while Jest collects tests belongs to none of them.
  const compiled = () =>
    compileTable([
      row("home", "/"),
      row("faq", "/FAQ"),
      row("step", "/apply/:step"),
      row("exactStep", "/apply/Offer"),
      row("partner", "/:partner"),
      row("deep", "/Docs/:kind/:id"),
    ]);
  const at = (pathname: string) => {
    const p = normalizePath(pathname);
    if (!p.ok) throw new Error(pathname);
    const m = matchRoute(compiled(), p);
    return m && { id: m.row.id, params: m.params };
  };

  it.each([
    ["/", { id: "home", params: {} }],
    ["/faq", { id: "faq", params: {} }],
    ["/FAQ/", { id: "faq", params: {} }],
    ["/apply/offer", { id: "exactStep", params: {} }], // an exact row wins over a pattern
    ["/apply/VerifyMD", { id: "step", params: { step: "VerifyMD" } }], // parameters keep their case
    ["/APPLY/loanDetails", { id: "step", params: { step: "loanDetails" } }],
    ["/PerkSpot", { id: "partner", params: { partner: "PerkSpot" } }],
    ["/docs/Statement/42", { id: "deep", params: { kind: "Statement", id: "42" } }],
    ["/elsewhere/Statement/42", undefined], // a literal segment must match
    ["/apply/a/b", undefined], // no pattern of that many segments
    ["/a/b/c/d", undefined],
  ])("%j → %j", (pathname, want) => {
    expect(at(pathname)).toEqual(want);
  });

  it("keeps the rows, their ids, the exact keys and the patterns by segment count", () => {
    const table = compiled();
    expect(table.rows.map((r) => r.id)).toEqual(["home", "faq", "step", "exactStep", "partner", "deep"]);
    expect([...table.byId.keys()]).toEqual(["home", "faq", "step", "exactStep", "partner", "deep"]);
    expect([...table.exact.keys()]).toEqual(["/", "/faq", "/apply/offer"]);
    expect([...table.withParams.entries()].map(([n, list]) => [n, list.map((p) => p.parts)])).toEqual([
      [2, [[{ literal: "apply" }, { param: "step" }]]],
      [1, [[{ param: "partner" }]]],
      [3, [[{ literal: "docs" }, { param: "kind" }, { param: "id" }]]],
    ]);
  });

  it("refuses a table with a duplicate id or two rows for one path", () => {
    expect(() => compileTable([row("a", "/x"), row("a", "/y")])).toThrow("Duplicate route id a");
    expect(() => compileTable([row("a", "/X"), row("b", "/x/")])).toThrow("Two routes match /x");
  });
});
