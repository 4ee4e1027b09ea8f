import { safeRedirectPath } from "./safe-redirect";

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
