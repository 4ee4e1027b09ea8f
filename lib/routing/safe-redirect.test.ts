import { firstSafeRedirect, safeRedirectPath, singleRedirect } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    "/payments",
    "/apply/loanDetails",
    "/dashboard?counters=abc",
    "/dashboard-sign?counters=a%20b",
    "/referral#top",
    "/@someone",
    "/a/b/c?x=https://elsewhere.example",
  ])("honours the same-origin path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  const payloads = [
    "//evil.example",
    "//evil.example/path",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "http://evil.example/payments",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "%2F%2Fevil.example",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0d/evil.example",
    "/%00/evil.example",
    "/payments\u0000",
    "/\u007f/evil.example",
    "evil.example",
    "payments",
    "./payments",
    "../payments",
    "?redirect=//evil.example",
    "#//evil.example",
    " //evil.example",
    "/%E0%A4%A",
    "",
    "/" + "a".repeat(3000),
    "/%2525252525252F",
  ];
  it("has at least 30 open-redirect payloads", () => expect(payloads.length).toBeGreaterThanOrEqual(30));
  it.each(payloads.map((p) => [JSON.stringify(p), p]))("refuses %s", (_, payload) => {
    expect(safeRedirectPath(payload)).toBeUndefined();
  });
  it("refuses missing values", () => {
    expect(safeRedirectPath(null)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
  });
});

describe("safeRedirectPath limits", () => {
  it("takes a path of 2048 characters and refuses one of 2049", () => {
    const at = "/" + "a".repeat(2047);
    expect(safeRedirectPath(at)).toBe(at);
    expect(safeRedirectPath(at + "a")).toBeUndefined();
  });
  it("takes three layers of percent-encoding and refuses a fourth", () => {
    // "%252541" decodes to "%2541", then "%41", then "A".
    expect(safeRedirectPath("/x%252541")).toBe("/x%252541");
    expect(safeRedirectPath("/x%25252541")).toBeUndefined();
  });
});

describe("firstSafeRedirect", () => {
  it.each<[string, string | undefined]>([
    ["a=%2Fx&redirect=%2Fy", "/y"],
    ["Redirect=%2Fy", "/y"],
    ["%20redirect%20=%2Fy", "/y"],
    ["redirect=%2F%2Fevil.example&redirect=%2Fy", undefined],
    ["redirect=%2Fy&redirect=%2F%2Fevil.example", "/y"],
    ["next=%2Fy", undefined],
    ["", undefined],
  ])("?%s → %s", (query, expected) => {
    expect(firstSafeRedirect(new URLSearchParams(query))).toBe(expected);
  });
});

describe("singleRedirect", () => {
  it.each<[string, boolean | undefined, string]>([
    ["x=1&redirect=%2Fa&REDIRECT=%2Fb&y=2", undefined, "x=1&redirect=%2Fa&y=2"],
    ["redirect=https%3A%2F%2Fevil.example&redirect=%2Fa", undefined, ""],
    ["x=1&redirect=%2Fa", true, "x=1&redirect=%2Fa"],
    ["x=1&redirect=%2Fa", false, "x=1"],
  ])("?%s (keep %s) → ?%s", (query, keep, expected) => {
    const params = new URLSearchParams(query);
    expect((keep === undefined ? singleRedirect(params) : singleRedirect(params, keep)).toString()).toBe(expected);
  });
});
