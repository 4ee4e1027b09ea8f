/**
 * The reason of each decision, stated literally. Ops read it in the x-route-decision header and the
 * route checker (tools/check-routes) reports it, so a reason that changes is a change to pin here.
 */
import type { HostedApp } from "@/lib/config/env";
import { decide } from "./decide";
import { compileTable } from "./match";
import { decideUrl } from "./testing/decide-url";
import { HOSTED_ENV, LOCAL_ENV, VISITORS, signedIn, type VisitorName } from "./testing/visitors";
import type { Layout, RouteRow } from "./types";

type Row = [visitor: VisitorName, env: "local" | "hosted", url: string, kind: string, reason: string, location: string | null];

const ROWS: Row[] = [
  ["anonymous", "hosted", "/payments", "redirect", "anonymous", "/register?redirect=%2Fpayments"],
  ["anonymous", "hosted", "/dashboard-sign?counters=1", "redirect", "anonymous", "/login?redirect=%2Fdashboard-sign%3Fcounters%3D1"],
  ["anonymous", "local", "/employment", "redirect", "anonymous", "/register?redirect=%2Femployment"],
  ["anonymous", "local", "/login", "next", "in-app", null],
  ["anonymous", "hosted", "/login", "redirect", "sign-in-hosted", "https://dash.test/login"],
  ["anonymous", "local", "/Login", "redirect", "canonical-path", "/login"],
  ["anonymous", "local", "/login/", "redirect", "canonical-path", "/login"],
  ["anonymous", "local", "/nope", "not-found", "no-route", null],
  ["anonymous", "local", "/%E0%A4%A", "bad-request", "malformed-path", null],
  ["anonymous", "local", "/a%2Fb", "not-found", "no-route", null],
  ["anonymous", "local", "/esign", "redirect", "asset", "/documents/esign-consent.pdf"],
  ["anonymous", "local", "/perks", "redirect", "alias", "/register?partner=ebg"],
  ["anonymous", "local", "/leads", "redirect", "alias", "/register"],
  ["anonymous", "hosted", "/perks", "redirect", "sign-in-hosted", "https://dash.test/register?partner=ebg"],
  ["offerSent", "local", "/directDeposit", "redirect", "alias", "/offer/directDeposit"],
  ["signingIn", "local", "/payments", "redirect", "signing-in", "/wait-load-redirect?redirect=%2Fpayments"],
  ["signingIn", "local", "/dashboard-sign", "next", "in-app", null],
  ["verifying", "local", "/payments", "redirect", "verifying", "/wait-load-redirect?redirect=%2Fpayments"],
  ["verifying", "hosted", "/personal", "redirect", "verifying", "/wait-load-redirect?redirect=%2Fpersonal"],
  ["verifying", "local", "/apply/loanDetails", "redirect", "verifying", "/_restricted?redirect=%2Fapply%2FloanDetails"],
  ["verifying", "local", "/wait-load-redirect?redirect=%2Fpayments", "next", "in-app", null],
  ["verifying", "local", "/login?redirect=%2Fpayments", "next", "in-app", null],
  ["verifying", "local", "/register", "next", "in-app", null],
  ["rejected", "local", "/payments", "redirect", "loan-rejected", "/_restricted"],
  ["signed", "local", "/apply/loanDetails", "redirect", "loan-already-signed", "/_restricted"],
  ["newcomer", "local", "/payments", "redirect", "loan-not-signed", "/restricted"],
  ["newcomer", "local", "/offer/contract", "redirect", "hosted", "https://dash.test/contract"],
  ["newcomer", "local", "/employment", "next", "in-app", null],
  ["loanDetails", "local", "/apply/loanDetails", "redirect", "hosted", "https://lend.test/apply/loanDetails"],
  ["loanDetails", "local", "/apply/authPrequal", "redirect", "step-ahead", "/apply/loanDetails"],
  ["loanDetails", "local", "/apply/noSuchStep", "redirect", "step-unknown", "/apply/loanDetails"],
  ["paperForm", "local", "/apply/loanDetails", "redirect", "step-unknown", "/apply"],
  ["offerSent", "local", "/apply/directDeposit", "redirect", "offer-direct-deposit", "/offer/directDeposit"],
  ["offerDirectDeposit", "local", "/apply/loanDetails", "redirect", "offer-contract", "/offer/contract"],
  ["offerSent", "local", "/apply/loanDetails", "redirect", "offer-details", "/apply/offerDetails"],
  ["blocked", "local", "/apply/loanDetails", "redirect", "application-blocked", "/applicationBlocked"],
  ["newcomer", "local", "/review", "not-found", "not-admin", null],
  ["newcomer", "local", "/verifications", "not-found", "not-verifications", null],
  ["newcomer", "local", "/login?redirect=%2Fdashboard%3Fcounters%3D3", "redirect", "counters-to-sign", "/dashboard-sign?counters=3"],
  ["newcomer", "local", "/login?redirect=%2Fpersonal", "redirect", "already-signed-in", "/personal"],
  ["newcomer", "local", "/login", "redirect", "already-signed-in", "https://dash.test/"],
  ["newcomer", "local", "/dashboard?counters=2", "redirect", "counters-to-sign", "/dashboard-sign?counters=2"],
];

describe("decision reasons", () => {
  it.each(ROWS)("%s, %s, %s → %s (%s)", (visitor, env, url, kind, reason, location) => {
    const d = decideUrl(url, VISITORS[visitor], env === "local" ? LOCAL_ENV : HOSTED_ENV);
    expect(d.kind).toBe(kind);
    expect(d.reason).toBe(reason);
    expect("location" in d ? d.location : null).toBe(location);
  });
});

describe("an offer being read (step offerDetails) is treated as an offer sent", () => {
  const session = signedIn({ step: "offerDetails", loanState: "review", offerStage: "sent" });
  it.each<[string, string, string]>([
    ["/apply/loanDetails", "offer-details", "/apply/offerDetails"],
    ["/apply/directDeposit", "offer-direct-deposit", "/offer/directDeposit"],
  ])("%s → %s", (pathname, reason, location) => {
    const d = decideUrl(pathname, session, LOCAL_ENV);
    expect(d).toMatchObject({ kind: "redirect", reason, location });
  });
});

describe("the optional paid-off guard (SPEC 4: the payout date must be in the past)", () => {
  // Compiled per test (see match.test.ts): mutation testing credits code only to the test that ran it.
  const table = () =>
    compileTable([
      {
        id: "refinance",
        pattern: "/refinance",
        layout: "dashboard",
        guards: ["authenticated", "signedIn", "paidOff"],
        destination: { kind: "hosted", app: "dashboard", path: "/refinance" },
      },
      {
        id: "staff-servicing",
        pattern: "/servicing",
        layout: "dashboard",
        guards: ["authenticated", "loaded", "collectionsUser"],
        destination: { kind: "hosted", app: "dashboard", path: "/servicing" },
      },
    ]);
  const payout = "2026-11-21";
  const at = (now: number, payoutDate: string | null) =>
    decide(
      {
        pathname: "/refinance",
        search: "",
        session: signedIn({ step: "activeLoan", loanState: "originated", payoutDate }),
        env: LOCAL_ENV,
        now,
      },
      table(),
    );
  it.each<[string, number, string | null, string]>([
    ["paid out a moment ago", Date.parse(payout) + 1, payout, "hosted"],
    ["paid out at this very instant: not yet in the past", Date.parse(payout), payout, "loan-not-paid-off"],
    ["paid out tomorrow", Date.parse(payout) - 1, payout, "loan-not-paid-off"],
    ["no payout date", Date.parse(payout) + 1, null, "loan-not-paid-off"],
  ])("%s", (_name, now, payoutDate, reason) => {
    const d = at(now, payoutDate);
    expect(d.reason).toBe(reason);
    expect("location" in d ? d.location : undefined).toBe(reason === "hosted" ? "https://dash.test/refinance" : "/restricted");
  });
  it("staff pages say which flag is missing, and only that", () => {
    const d = decideUrl("/servicing", VISITORS.newcomer, LOCAL_ENV, table());
    expect(d).toEqual({ kind: "not-found", reason: "not-collections", route: "staff-servicing" });
    expect(decideUrl("/servicing", VISITORS.collections, LOCAL_ENV, table())).toMatchObject({
      kind: "redirect",
      reason: "hosted",
      location: "https://dash.test/servicing",
    });
  });
});

describe("row options no row of today's table uses", () => {
  // An in-app page whose guard reads the application data, so that a visitor still signing in waits.
  const waitingRow = (id: string, layout: Layout, whileSigningIn?: RouteRow["whileSigningIn"]): RouteRow => ({
    id,
    pattern: `/${id}`,
    layout,
    ...(whileSigningIn ? { whileSigningIn } : {}),
    guards: ["authenticated", "loaded"],
    destination: { kind: "in-app", path: `/${id}` },
  });
  const hostedRow = (id: string, pattern: string, app: HostedApp, path: string): RouteRow => ({
    id,
    pattern,
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app, path },
  });
  // Compiled per test (see match.test.ts): mutation testing credits code only to the test that ran it.
  const table = () =>
    compileTable([
      { id: "old", pattern: "/old", layout: "public", guards: [], destination: { kind: "route", path: "/login", query: "drop" } },
      waitingRow("public-wait", "public"),
      waitingRow("dashboard-wait", "dashboard"),
      waitingRow("told-wait", "dashboard", "/_restricted"),
      hostedRow("go-step", "/go/:step", "lending", "/apply/:step"),
      hostedRow("employer", "/emp/:id", "dashboard", "/employers/:id"),
      hostedRow("all-employers", "/emps", "dashboard", "/employers/:id"),
      {
        id: "claims-only",
        pattern: "/claims-only",
        layout: "dashboard",
        guards: ["loaded"],
        destination: { kind: "in-app", path: "/claims-only" },
      },
    ]);
  it.each<[string, VisitorName, string, string]>([
    ["a dropped query leaves nothing behind", "anonymous", "/old?utm=1&redirect=%2Fpayments", "/login"],
    ["a public page waits on the processing notice", "signingIn", "/public-wait?x=1", "/_restricted?redirect=%2Fpublic-wait%3Fx%3D1"],
    ["a dashboard page waits on the loading page", "signingIn", "/dashboard-wait", "/wait-load-redirect?redirect=%2Fdashboard-wait"],
    ["a row may name its own waiting page", "signingIn", "/told-wait", "/_restricted?redirect=%2Ftold-wait"],
    ["a step parameter takes SPEC's spelling", "anonymous", "/go/LOANDETAILS", "https://lend.test/apply/loanDetails"],
    ["an unknown step travels as sent, encoded", "anonymous", "/go/some%20step", "https://lend.test/apply/some%20step"],
    ["any other parameter travels as sent", "anonymous", "/emp/abc-12", "https://dash.test/employers/abc-12"],
    ["only a step parameter is respelt", "anonymous", "/emp/loandetails", "https://dash.test/employers/loandetails"],
    ["a destination parameter the pattern lacks is left empty", "anonymous", "/emps", "https://dash.test/employers/"],
    [
      "a guard that needs claims sends a visitor without a session to sign in",
      "anonymous",
      "/claims-only",
      "/register?redirect=%2Fclaims-only",
    ],
  ])("%s", (_name, visitor, url, location) => {
    const d = decideUrl(url, VISITORS[visitor], LOCAL_ENV, table());
    expect("location" in d ? d.location : null).toBe(location);
  });
});
