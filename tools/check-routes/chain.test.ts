import { signedIn, VISITORS } from "@/lib/routing/testing/visitors";
import { routeCases } from "./cases";
import { expectedChain, nextHop } from "./chain";
import { routingEnvironment } from "./run";

const base = new URL("http://127.0.0.1:3800");
const local = routingEnvironment(base, "local");
const staging = routingEnvironment(new URL("https://shell.staging.example"), "staging");
const now = Date.parse("2026-11-21T12:00:00Z");
const at = (url: string, visitor: keyof typeof VISITORS, env = local, b = base) =>
  expectedChain(url, { base: b, env, session: VISITORS[visitor], now });

describe("expected chains, one per destination kind", () => {
  it("hosted: one redirect to the hosted app, which ends the chain even on the same origin", () => {
    expect(at("/welcome?utm_source=ad", "anonymous")).toEqual([
      {
        url: "/welcome?utm_source=ad",
        status: 307,
        location: "http://127.0.0.1:3800/api/local/apps/marketing/?utm_source=ad",
        decision: "welcome:hosted",
      },
    ]);
    expect(at("/", "anonymous", staging, new URL("https://shell.staging.example"))[0]?.location).toBe(
      "https://app.staging.lender.example/",
    );
  });

  it("sign-in: a partner link goes to the in-app register page with its tag, and that hop is followed", () => {
    expect(at("/PerkSpot?partner=x&utm_source=n", "anonymous")).toEqual([
      {
        url: "/PerkSpot?partner=x&utm_source=n",
        status: 307,
        location: "http://127.0.0.1:3800/register?partner=perkSpot&utm_source=n",
        decision: "partner/PerkSpot:alias",
      },
      { url: "/register?partner=perkSpot&utm_source=n", status: 200, decision: "register:in-app" },
    ]);
    // Where sign-in is hosted, the tag travels to the dashboard app.
    expect(at("/PerkSpot", "anonymous", staging)[0]?.location).toBe("https://app.staging.lender.example/register?partner=perkSpot");
  });

  it("asset: a redirect to the file, not followed (public files are not the edge's)", () => {
    expect(at("/esign", "newcomer")).toEqual([
      { url: "/esign", status: 307, location: "http://127.0.0.1:3800/documents/esign-consent.pdf", decision: "esign:asset" },
    ]);
  });

  it("in-app: 200 at the canonical path; another case is a 308 to it", () => {
    expect(at("/_restricted", "anonymous")).toEqual([{ url: "/_restricted", status: 200, decision: "restricted-notice:in-app" }]);
    expect(at("/PERSONAL", "newcomer").map((h) => [h.status, h.decision])).toEqual([
      [308, "personal:canonical-path"],
      [200, "personal:in-app"],
    ]);
  });

  it("route: an alias row hops to its route, whose guards then decide", () => {
    expect(at("/directDeposit", "offerSent").map((h) => [h.status, h.location, h.decision])).toEqual([
      [307, "http://127.0.0.1:3800/offer/directDeposit", "direct-deposit:alias"],
      [307, "http://127.0.0.1:3800/api/local/apps/lending/direct-deposit", "offer-direct-deposit:hosted"],
    ]);
  });

  it("guards: anonymous visitors go to sign in with the redirect target, then the sign-in page", () => {
    expect(at("/payments", "anonymous").map((h) => h.location ?? h.status)).toEqual([
      "http://127.0.0.1:3800/register?redirect=%2Fpayments",
      200,
    ]);
  });

  it("not-found and bad-request: staff pages hide, malformed paths are a 400", () => {
    expect(at("/review", "newcomer")).toEqual([{ url: "/review", status: 404, decision: "not-found" }]);
    expect(at("/review", "admin")[0]).toMatchObject({ status: 307, decision: "review:hosted" });
    expect(at("/apply/%E0%A4%A", "newcomer")).toEqual([{ url: "/apply/%E0%A4%A", status: 400, decision: "malformed-path" }]);
  });

  it("uses the persona's claims: the same route differs by loan state", () => {
    const paidOff = expectedChain("/apply", { base, env: local, session: signedIn({ step: "activeLoan", loanState: "originated" }), now });
    expect(paidOff[0]).toMatchObject({ status: 307, decision: "apply:loan-already-signed" });
  });
});

describe("nextHop", () => {
  it("follows only same-origin paths the edge decides", () => {
    expect(nextHop("/register?x=1", base, local.hosts)).toBe("/register?x=1");
    expect(nextHop("https://evil.example/register", base, local.hosts)).toBeUndefined();
    expect(nextHop("/api/local/apps/dashboard/", base, local.hosts)).toBeUndefined();
    expect(nextHop("/documents/esign-consent.pdf", base, local.hosts)).toBeUndefined();
  });
});

describe("routeCases", () => {
  it("covers every row once and the query cases that matter", () => {
    const cases = routeCases();
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const what of ["counters", "redirect", "partner-utm", "utm"]) expect(ids.some((id) => id.endsWith(`?${what}`))).toBe(true);
    expect(ids).toEqual(
      expect.arrayContaining(["home", "apply-step", "landing", "partner/PerkSpot", "review", "(no route)", "(malformed)"]),
    );
  });
});
