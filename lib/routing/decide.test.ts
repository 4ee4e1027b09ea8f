import { LANDING_KEYS } from "@/lib/landing/headings";
import { DEFAULT_TABLE, decide } from "./decide";
import { compileTable } from "./match";
import { PARTNER_TAGS, ROUTE_TABLE } from "./route-table";
import { decideUrl } from "./testing/decide-url";
import { HOSTED_ENV, LOCAL_ENV, NOW, VISITORS, VISITOR_NAMES, samplePath, signedIn, type VisitorName } from "./testing/visitors";
import type { Decision, RoutingEnvironment } from "./types";
import type { Session } from "@/lib/session/session";

const D = "https://dash.test";
const L = "https://lend.test";
const M = "https://www.test";

/** A decision as one readable string: "next", "404", "400", a location, or "308 location". */
function outcome(decision: Decision): string {
  switch (decision.kind) {
    case "next":
      return "next";
    case "not-found":
      return "404";
    case "bad-request":
      return "400";
    case "redirect":
      return decision.status === 307 ? decision.location : `${decision.status} ${decision.location}`;
  }
}

const at = (url: string, visitor: VisitorName | Session, env?: RoutingEnvironment) =>
  outcome(decideUrl(url, typeof visitor === "string" ? VISITORS[visitor] : visitor, env));

describe("anonymous visitors, every row", () => {
  const reg = (p: string) => `/register?redirect=${encodeURIComponent(p)}`;
  const login = (p: string) => `/login?redirect=${encodeURIComponent(p)}`;
  const expected: Record<string, string> = {
    "/": `${D}/`,
    "/apply": reg("/apply"),
    "/apply/loanDetails": reg("/apply/loanDetails"),
    "/offer/directDeposit": reg("/offer/directDeposit"),
    "/directDeposit": reg("/directDeposit"),
    "/offer/contract": login("/offer/contract"),
    "/contract": login("/contract"),
    "/contractSigned": login("/contractSigned"),
    "/offer/congratulations": reg("/offer/congratulations"),
    "/welcome": `${M}/`,
    ...Object.fromEntries(LANDING_KEYS.map((k) => [`/${k}`, `${M}/for/${k}`])),
    "/landing/teachers": `${M}/for/teachers`,
    "/employees": `${M}/employees`,
    "/employers": `${M}/employers`,
    "/compliance": `${M}/compliance`,
    "/terms": `${M}/terms`,
    "/privacy": `${M}/privacy`,
    "/FAQ": reg("/FAQ"),
    "/esign": "/documents/esign-consent.pdf",
    "/tcpa": "/documents/tcpa-consent.pdf",
    "/login": `${D}/login`,
    "/register": `${D}/register`,
    "/employerRequest": `${L}/apply`,
    "/not-approved": `${L}/apply`,
    "/nersubmitted": `${L}/apply`,
    "/_restricted": "next",
    "/leads": `${D}/register`,
    "/myeducationdiscount": `${D}/register?partner=myEducationDiscount`,
    "/accessdevelopment": `${D}/register?partner=accessDevelopment`,
    "/youdecide": `${D}/register?partner=youDecide`,
    "/PerkSpot": `${D}/register?partner=perkSpot`,
    "/PerksAtWork": `${D}/register?partner=perksAtWork`,
    "/perks": `${D}/register?partner=ebg`,
    "/LifeMart": `${D}/register?partner=lifeMart`,
    "/freeway": `${D}/register`,
    "/BenefitHub": `${D}/register?partner=benefitHub`,
    "/corestream": `${D}/register?partner=coreStream`,
    "/dashboard": login("/dashboard"),
    "/dashboard-sign": login("/dashboard-sign"),
    ...Object.fromEntries(
      [
        "/AccountSettings",
        "/uploadHub",
        "/upload",
        "/education",
        "/hotline",
        "/servicing",
        "/verifications",
        "/review",
        "/payments",
        "/statements",
        "/PaymentSettings",
        "/loan",
        "/support",
        "/referral",
        "/payrollLink",
        "/personal",
        "/employment",
        "/bank",
        "/bank/oauth",
        "/bank/oauth",
        "/applicationBlocked",
        "/restricted",
        "/under-construction",
        "/wait-load-redirect",
      ].map((p) => [p, reg(p)]),
    ),
  };

  it("covers every row of the table", () => {
    const covered = new Set(Object.keys(expected).map((p) => p.toLowerCase()));
    const missing = ROUTE_TABLE.map((r) => samplePath(r.pattern)).filter((p) => !covered.has(p.toLowerCase()));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(expected))("%s → %s", (path, want) => {
    expect(at(path, "anonymous")).toBe(want);
  });
});

describe("a signed-in applicant at the first step, every row", () => {
  const expected: Record<string, string> = {
    "/": `${D}/`,
    "/apply": `${L}/apply`,
    "/apply/chooseEmployer": `${L}/apply/chooseEmployer`,
    "/apply/loanDetails": "/apply/chooseEmployer",
    "/offer/directDeposit": "/apply",
    "/directDeposit": "/apply",
    "/offer/contract": `${D}/contract`,
    "/contract": `${D}/contract`,
    "/contractSigned": `${D}/contract`,
    "/offer/congratulations": `${D}/contract`,
    "/FAQ": `${M}/faq`,
    "/login": `${D}/`,
    "/register": `${D}/`,
    "/PerkSpot": `${D}/`,
    "/leads": `${D}/`,
    "/dashboard": `${D}/`,
    "/dashboard-sign": "next",
    "/AccountSettings": `${D}/profile`,
    "/uploadHub": `${D}/upload-hub`,
    "/upload": `${D}/upload-hub`,
    "/education": `${M}/education`,
    "/hotline": `${M}/hotline`,
    "/servicing": "404",
    "/verifications": "404",
    "/review": "404",
    "/payments": "/restricted",
    "/statements": `${D}/documents`,
    "/PaymentSettings": `${D}/my-loan`,
    "/loan": `${D}/my-loan`,
    "/support": `${D}/support`,
    "/referral": `${D}/referrals`,
    "/payrollLink": `${D}/direct-deposit`,
    "/personal": "next",
    "/employment": "next",
    "/bank": "next",
    "/bank/oauth": "next",
    "/applicationBlocked": `${L}/apply`,
    "/restricted": "next",
    "/under-construction": "next",
    "/wait-load-redirect": "next",
    "/_restricted": "next",
  };
  it.each(Object.entries(expected))("%s → %s", (path, want) => {
    expect(at(path, "newcomer")).toBe(want);
  });

  it("gets the same answer as an anonymous visitor on every unguarded row", () => {
    for (const row of ROUTE_TABLE.filter((r) => r.guards.length === 0)) {
      const path = samplePath(row.pattern);
      for (const name of VISITOR_NAMES) expect([path, name, at(path, name)]).toEqual([path, name, at(path, "anonymous")]);
    }
  });
});

describe("guarded routes for every kind of visitor", () => {
  const columns = [
    "/apply",
    "/apply/loanDetails",
    "/apply/employmentInformation",
    "/apply/offerDetails",
    "/apply/directDeposit",
    "/apply/bogus",
    "/offer/directDeposit",
    "/directDeposit",
    "/offer/contract",
    "/payments",
    "/review",
    "/servicing",
    "/verifications",
    "/dashboard?counters=9",
  ] as const;
  const enc = encodeURIComponent;
  const wait = (to: string, p: string) => `${to}?redirect=${enc(p)}`;
  const SIGN = "/dashboard-sign?counters=9";
  const staff = ["404", "404", "404"];
  const step = (s: string, n: number) => Array(n).fill(`/apply/${s}`);
  // The /apply columns of someone part-way through: the hosted pages they have reached, then their own step.
  const reached = [`${L}/apply`, `${L}/apply/loanDetails`, `${L}/apply/employmentInformation`];
  const applying = (pages: number, s: string) => [...reached.slice(0, pages), ...step(s, 6 - pages)];
  // The offer, contract and payments columns for anyone without an offer yet.
  const noOffer = ["/apply", "/apply", `${D}/contract`, "/restricted"];
  const matrix: Record<VisitorName, string[]> = {
    anonymous: [
      ...columns.slice(0, 8).map((p) => wait("/register", p)),
      wait("/login", "/offer/contract"),
      wait("/register", "/payments"),
      wait("/register", "/review"),
      wait("/register", "/servicing"),
      wait("/register", "/verifications"),
      wait("/login", "/dashboard?counters=9"),
    ],
    signingIn: [
      ...columns.slice(0, 9).map((p) => wait("/_restricted", p)),
      wait("/wait-load-redirect", "/payments"),
      wait("/wait-load-redirect", "/review"),
      wait("/wait-load-redirect", "/servicing"),
      wait("/wait-load-redirect", "/verifications"),
      SIGN,
    ],
    // Verifying waits like signing-in on every guarded route, the dashboard included (its session must be refreshed first).
    verifying: [
      ...columns.slice(0, 9).map((p) => wait("/_restricted", p)),
      wait("/wait-load-redirect", "/payments"),
      wait("/wait-load-redirect", "/review"),
      wait("/wait-load-redirect", "/servicing"),
      wait("/wait-load-redirect", "/verifications"),
      wait("/wait-load-redirect", "/dashboard?counters=9"),
    ],
    newcomer: [...applying(1, "chooseEmployer"), ...noOffer, ...staff, SIGN],
    loanDetails: [...applying(2, "loanDetails"), ...noOffer, ...staff, SIGN],
    employment: [...applying(3, "employmentInformation"), ...noOffer, ...staff, SIGN],
    prequalApproved: [...applying(3, "prequalApprove"), ...noOffer, ...staff, SIGN],
    underReview: [...applying(3, "completeUnderReview"), ...noOffer, ...staff, SIGN],
    offerSent: [
      ...step("offerDetails", 3),
      `${L}/apply/offerDetails`,
      "/offer/directDeposit",
      "/apply/offerDetails",
      `${L}/direct-deposit`,
      "/offer/directDeposit",
      `${D}/contract`,
      "/restricted",
      ...staff,
      SIGN,
    ],
    offerDirectDeposit: [
      ...Array(4).fill("/offer/contract"),
      "/offer/directDeposit",
      "/offer/contract",
      `${L}/direct-deposit`,
      "/offer/directDeposit",
      `${D}/contract`,
      "/restricted",
      ...staff,
      SIGN,
    ],
    paperForm: [`${L}/apply`, ...Array(5).fill("/apply"), ...noOffer, ...staff, SIGN],
    signed: [
      ...Array(6).fill("/_restricted"),
      `${L}/direct-deposit`,
      "/offer/directDeposit",
      `${D}/contract`,
      `${D}/payments`,
      ...staff,
      SIGN,
    ],
    originated: [...Array(6).fill("/_restricted"), "/apply", "/apply", `${D}/contract`, `${D}/payments`, ...staff, SIGN],
    paidOff: [...Array(6).fill("/_restricted"), "/apply", "/apply", `${D}/contract`, `${D}/payments`, ...staff, SIGN],
    rejected: [...Array(6).fill("/_restricted"), "/apply", "/apply", "/_restricted", "/_restricted", ...staff, SIGN],
    blocked: [...Array(6).fill("/applicationBlocked"), ...noOffer, ...staff, SIGN],
    admin: [...applying(1, "chooseEmployer"), ...noOffer, `${D}/review`, "404", "404", SIGN],
    collections: [...applying(1, "chooseEmployer"), ...noOffer, "404", `${D}/servicing`, "404", SIGN],
    verifications: [...applying(1, "chooseEmployer"), ...noOffer, "404", "404", `${D}/verifications`, SIGN],
  };

  const cases = VISITOR_NAMES.flatMap((name) => columns.map((path, i) => [name, path, matrix[name][i]] as const));
  it("has a full row for every visitor", () => {
    for (const name of VISITOR_NAMES) expect([name, matrix[name].length]).toEqual([name, columns.length]);
  });
  it.each(cases)("%s at %s → %s", (name, path, want) => {
    expect(at(path, name)).toBe(want);
  });
});

describe("machine-readable reasons", () => {
  it.each([
    ["/payments", "anonymous", "anonymous"],
    ["/payments", "signingIn", "signing-in"],
    ["/payments", "verifying", "verifying"],
    ["/payments", "newcomer", "loan-not-signed"],
    ["/apply", "rejected", "loan-rejected"],
    ["/apply", "signed", "loan-already-signed"],
    ["/apply/verifyMD", "employment", "step-ahead"],
    ["/apply/bogus", "employment", "step-unknown"],
    ["/apply/directDeposit", "offerSent", "offer-direct-deposit"],
    ["/apply/loanDetails", "offerDirectDeposit", "offer-contract"],
    ["/apply/loanDetails", "offerSent", "offer-details"],
    ["/directDeposit", "newcomer", "no-offer"],
    ["/review", "newcomer", "not-admin"],
    ["/servicing", "newcomer", "not-collections"],
    ["/verifications", "newcomer", "not-verifications"],
    ["/dashboard?counters=1", "newcomer", "counters-to-sign"],
    ["/login", "newcomer", "already-signed-in"],
    ["/payments", "originated", "hosted"],
    ["/nowhere", "newcomer", "no-route"],
  ] as const)("%s for %s: %s", (path, visitor, reason) => {
    const decision = decideUrl(path, VISITORS[visitor]);
    expect(decision.reason).toBe(reason);
  });
});

describe("queries", () => {
  it("/ keeps its query string except redirect", () => {
    expect(at("/?utm_source=mail&redirect=%2Fpayments&b=2", "anonymous")).toBe(`${D}/?utm_source=mail&b=2`);
  });
  it("drops Next's own _rsc parameter", () => {
    expect(at("/employees?_rsc=abc&x=1", "anonymous")).toBe(`${M}/employees?x=1`);
  });
  it("dashboard with a counters query goes to dashboard-sign keeping the query", () => {
    expect(at("/dashboard?counters=sig_123&x=y", "newcomer")).toBe("/dashboard-sign?counters=sig_123&x=y");
  });
  it("a partner's tag wins over a visitor's partner parameter, other parameters travel", () => {
    expect(at("/PerkSpot?partner=evil&utm=1", "anonymous")).toBe(`${D}/register?partner=perkSpot&utm=1`);
  });
  it("the redirect target keeps its query when the visitor is sent to sign in", () => {
    expect(at("/payments?tab=history", "anonymous")).toBe("/register?redirect=%2Fpayments%3Ftab%3Dhistory");
  });
});

describe("after sign-in: login, register and partner pages", () => {
  const enc = encodeURIComponent;
  it.each([
    [`/login?redirect=${enc("/payments")}`, "/payments"],
    [`/register?redirect=${enc("/apply/loanDetails")}`, "/apply/loanDetails"],
    [`/login?redirect=${enc("/dashboard?counters=abc")}`, "/dashboard-sign?counters=abc"],
    [`/login?redirect=${enc("/DASHBOARD/?counters=abc&z=1")}`, "/dashboard-sign?counters=abc&z=1"],
    [`/login?redirect=${enc("/dashboard")}`, "/dashboard"],
    [`/login?redirect=${enc("/login")}`, `${D}/`],
    [`/login?redirect=${enc("/PerkSpot")}`, `${D}/`],
    [`/login?redirect=${enc("/not-a-route")}`, `${D}/`],
    [`/login?redirect=${enc("//evil.example")}`, `${D}/`],
    [`/login?redirect=${enc("https://evil.example/")}`, `${D}/`],
    ["/login?redirect=%2F%2Fevil.example", `${D}/`],
    ["/login", `${D}/`],
    [`/PerksAtWork?redirect=${enc("/referral")}`, "/referral"],
  ])("%s → %s", (path, want) => {
    expect(at(path, "newcomer")).toBe(want);
    expect(at(path, "signingIn")).toBe(want);
  });
});

describe("where sign-in is served in-app (local)", () => {
  it.each([
    ["/login", "next"],
    ["/register", "next"],
    ["/login?redirect=%2Fpayments", "next"],
    ["/Login", "308 /login"],
    ["/register/", "308 /register"],
    ["/PerkSpot?utm=1", "/register?partner=perkSpot&utm=1"],
    ["/leads?leadId=42", "/register?leadId=42"],
    ["/freeway", "/register"],
  ])("%s → %s", (path, want) => {
    expect(at(path, "anonymous", LOCAL_ENV)).toBe(want);
  });
  it("elsewhere only a safe redirect travels on to the hosted sign-in page", () => {
    expect(at("/login?redirect=%2Fpayments&x=1", "anonymous")).toBe(`${D}/login?redirect=%2Fpayments&x=1`);
    expect(at("/login?redirect=%2F%2Fevil.example&x=1", "anonymous")).toBe(`${D}/login?x=1`);
  });
});

describe("matching", () => {
  it.each(["/payments", "/PAYMENTS", "/Payments/", "//payments", "/payments//", "/%70ayments", "/%50AYMENTS", "///payments///"])(
    "%s is the payments route",
    (path) => {
      const decision = decideUrl(path, VISITORS.originated);
      expect(decision.kind === "redirect" && decision.route).toBe("payments");
    },
  );
  it.each([
    "/payments%2F",
    "/apply%2FloanDetails",
    "/%2Fpayments",
    "/payments%5C",
    "/..%2Fpayments",
    "/%2e%2e/payments",
    "/payments%00",
    "/paymentsx",
    "/payment",
    "/dashboardxyz",
    "/apply/loanDetails/extra",
  ])("%s matches nothing", (path) => {
    expect(at(path, "originated")).toBe("404");
  });
  it.each(["/%E0%A4%A", "/payments%", "/%ZZ", "/apply/%C0"])("malformed encoding %s is a bad request, not a crash", (path) => {
    expect(at(path, "anonymous")).toBe("400");
  });
  it("apply steps match case-insensitively and land on the canonical step", () => {
    expect(at("/APPLY/LOANDETAILS/", "loanDetails")).toBe(`${L}/apply/loanDetails`);
    expect(at("/Apply/ChooseEmployer", "employment")).toBe(`${L}/apply/chooseEmployer`);
  });
  it("in-app pages in another case or with a slash go to their canonical path", () => {
    expect(at("/Dashboard-Sign?counters=1", "newcomer")).toBe("308 /dashboard-sign?counters=1");
    expect(at("/restricted/", "newcomer")).toBe("308 /restricted");
    expect(at("/_RESTRICTED", "anonymous")).toBe("308 /_restricted");
  });
  it("partner pages match in any casing", () => {
    for (const path of Object.keys(PARTNER_TAGS)) {
      expect(at(path.toUpperCase(), "anonymous")).toBe(at(path, "anonymous"));
      expect(at(path.toLowerCase() + "/", "anonymous")).toBe(at(path, "anonymous"));
    }
  });
});

describe("the paid-off rule, as a per-route option", () => {
  const table = compileTable([
    {
      id: "refinance",
      pattern: "/refinance",
      layout: "dashboard",
      guards: ["authenticated", "signedIn", "paidOff"],
      destination: { kind: "hosted", app: "dashboard", path: "/refinance" },
    },
  ]);
  const decideAt = (session: Session, now = NOW) => decide({ pathname: "/refinance", search: "", session, env: HOSTED_ENV, now }, table);
  it("passes only when the payout date is in the past", () => {
    expect(outcome(decideAt(VISITORS.paidOff))).toBe(`${D}/refinance`);
    expect(outcome(decideAt(VISITORS.originated))).toBe("/restricted");
    expect(outcome(decideAt(VISITORS.newcomer))).toBe("/restricted");
    expect(outcome(decideAt(signedIn({ loanState: "originated", payoutDate: "not a date" })))).toBe("/restricted");
    expect(outcome(decideAt(VISITORS.originated, Date.parse("2029-01-01")))).toBe(`${D}/refinance`);
  });
});

describe("the whole table", () => {
  const envs = [HOSTED_ENV, LOCAL_ENV];
  const queries = ["", "?counters=7", "?redirect=%2Fpayments", "?redirect=%2Flogin"];

  it("never redirects to itself and no chain loops", () => {
    const problems: string[] = [];
    for (const env of envs)
      for (const row of ROUTE_TABLE)
        for (const query of queries)
          for (const name of VISITOR_NAMES) {
            let url = samplePath(row.pattern) + query;
            const seen = new Set<string>([url]);
            for (let hop = 0; hop < 8; hop++) {
              const decision = decideUrl(url, VISITORS[name], env);
              if (decision.kind !== "redirect" || !decision.location.startsWith("/")) break;
              if (decision.location === url) problems.push(`${name} ${url} redirects to itself`);
              if (seen.has(decision.location)) {
                problems.push(`${name} ${[...seen].join(" → ")} → ${decision.location} loops`);
                break;
              }
              seen.add(decision.location);
              url = decision.location;
              if (hop === 7) problems.push(`${name} ${[...seen].join(" → ")} is too long`);
            }
          }
    expect(problems).toEqual([]);
  });

  it("never answers not-found for an in-app page (its page would render instead of the 404)", () => {
    for (const row of ROUTE_TABLE.filter((r) => r.destination.kind === "in-app" || r.destination.kind === "sign-in"))
      for (const name of VISITOR_NAMES)
        for (const env of envs)
          expect([row.id, name, decideUrl(samplePath(row.pattern), VISITORS[name], env).kind]).not.toEqual([row.id, name, "not-found"]);
  });

  it("holds every route of SPEC section 2", () => {
    const spec = [
      "/",
      "/apply",
      "/apply/:step",
      "/offer/directDeposit",
      "/directDeposit",
      "/offer/contract",
      "/contract",
      "/contractSigned",
      "/offer/congratulations",
      "/welcome",
      "/landing/:feature",
      "/employees",
      "/employers",
      "/compliance",
      "/terms",
      "/privacy",
      "/FAQ",
      "/esign",
      "/tcpa",
      "/login",
      "/register",
      "/employerRequest",
      "/not-approved",
      "/nersubmitted",
      "/_restricted",
      "/leads",
      "/myeducationdiscount",
      "/accessdevelopment",
      "/youdecide",
      "/PerkSpot",
      "/PerksAtWork",
      "/perks",
      "/LifeMart",
      "/freeway",
      "/BenefitHub",
      "/corestream",
      "/dashboard",
      "/dashboard-sign",
      "/AccountSettings",
      "/uploadHub",
      "/upload",
      "/education",
      "/hotline",
      "/servicing",
      "/verifications",
      "/review",
      "/payments",
      "/statements",
      "/PaymentSettings",
      "/loan",
      "/support",
      "/referral",
      "/payrollLink",
      "/personal",
      "/employment",
      "/bank",
      "/bank/oauth",
      "/applicationBlocked",
      "/restricted",
      "/under-construction",
      "/wait-load-redirect",
      "/bad-credit",
      "/personal-loans",
      "/fast-loans",
      "/law-enforcement",
      "/healthcare",
      "/federal",
      "/government",
    ];
    const patterns = new Set(ROUTE_TABLE.map((r) => r.pattern.toLowerCase()));
    expect(spec.filter((p) => !patterns.has(p.toLowerCase()))).toEqual([]);
    expect(Object.keys(PARTNER_TAGS)).toHaveLength(11);
  });

  it("compiles once, with unique ids and no two rows for one path", () => {
    expect(DEFAULT_TABLE.byId.size).toBe(ROUTE_TABLE.length);
    expect(() => compileTable([...ROUTE_TABLE, { ...ROUTE_TABLE[0]!, id: "twin" }])).toThrow(/Two routes/);
  });
});

describe("the redirect parameter never reaches a hosted app, nor survives a hop unsafe", () => {
  const evil = encodeURIComponent("https://evil.example");
  it.each([
    [`/dashboard?redirect=${evil}`, "newcomer", `${D}/`],
    [`/statements?redirect=${evil}&x=1`, "newcomer", `${D}/documents?x=1`],
    ["/statements?redirect=%2Fpayments&x=1", "newcomer", `${D}/documents?x=1`],
    [`/FAQ?redirect=${evil}`, "newcomer", `${M}/faq`],
    [`/apply?redirect=${evil}`, "newcomer", `${L}/apply`],
    [`/login?redirect=${encodeURIComponent(`/dashboard?redirect=${evil}`)}`, "newcomer", "/dashboard"],
    [`/login?redirect=${encodeURIComponent(`/payments?redirect=${evil}&tab=2`)}`, "newcomer", "/payments?tab=2"],
    [`/payments?redirect=${evil}`, "anonymous", "/register?redirect=%2Fpayments"],
    [`/directDeposit?redirect=${evil}`, "offerSent", "/offer/directDeposit"],
    [`/Restricted?redirect=${evil}`, "newcomer", "308 /restricted"],
    [`/PerkSpot?redirect=${evil}`, "anonymous", `${D}/register?partner=perkSpot`],
  ] as const)("%s (%s) → %s", (path, visitor, want) => {
    expect(at(path, visitor)).toBe(want);
  });
  // The security review's payloads: only the first redirect of any spelling is ever read, and only if safe.
  it.each([
    [`/login?redirect=%2Fdashboard&redirect=${evil}`, "anonymous", `${D}/login?redirect=%2Fdashboard`],
    [`/login?redirect=${evil}&redirect=%2Fdashboard`, "anonymous", `${D}/login`],
    [`/login?Redirect=${evil}&redirect=%2Fpayments`, "anonymous", `${D}/login`],
    [`/login?REDIRECT=%2Fpayments&x=1&redirect=${evil}`, "anonymous", `${D}/login?redirect=%2Fpayments&x=1`],
    [`/login?%72edirect=${evil}&redirect=%2Fpayments`, "anonymous", `${D}/login`],
    [`/login?%52EDIRECT=%2Fpayments&%72edirect=${evil}`, "anonymous", `${D}/login?redirect=%2Fpayments`],
    [`/login?redirect%20=${evil}&redirect=%2Fpayments`, "anonymous", `${D}/login`],
    [`/payments?redirect=%2Fa&redirect=${evil}`, "anonymous", "/register?redirect=%2Fpayments%3Fredirect%3D%252Fa"],
    [`/PerkSpot?Redirect=${evil}&REDIRECT=${evil}`, "anonymous", `${D}/register?partner=perkSpot`],
    [`/statements?%72edirect=${evil}&x=1`, "newcomer", `${D}/documents?x=1`],
    [`/login?redirect=%2Fpayments&redirect=${evil}`, "newcomer", "/payments"],
    [`/login?redirect=${evil}&redirect=%2Fpayments`, "newcomer", `${D}/`],
    [`/login?Redirect=${evil}&redirect=%2Fpayments`, "newcomer", `${D}/`],
    [`/login?redirect=${encodeURIComponent(`/payments?redirect=%2Fa&REDIRECT=${evil}`)}`, "newcomer", "/payments?redirect=%2Fa"],
  ] as const)("duplicated or re-spelt: %s (%s) → %s", (path, visitor, want) => {
    expect(at(path, visitor)).toBe(want);
  });
  it("keeps visitor parameters whose names are also object properties", () => {
    expect(at("/PerkSpot?constructor=1&toString=2&hasOwnProperty=3", "anonymous")).toBe(
      `${D}/register?partner=perkSpot&constructor=1&toString=2&hasOwnProperty=3`,
    );
  });
});
