/**
 * The middleware with real credentials: RS256 identity tokens signed by a key served from a real
 * JWKS endpoint (loopback), and claims cookies signed with the configured secret, against the real
 * decision. Expectations are written from SPEC 2, 4 and 6, not computed by decide().
 */
import { NextRequest } from "next/server";
import type { Claims } from "@/lib/session/claims";
import type { Session } from "@/lib/session/session";
import { signedIn } from "@/lib/routing/testing/visitors";
import { startTokenKit, TEST_CLIENT_ID as CLIENT_ID, type TokenKit } from "@/lib/session/testing/token-kit";

const ORIGIN = "http://localhost:3000";
const DASHBOARD_APP = `${ORIGIN}/api/local/apps/dashboard`;
const LENDING_APP = `${ORIGIN}/api/local/apps/lending`;

let kit: TokenKit;
let middleware: typeof import("./middleware").middleware;
let signClaims: typeof import("@/lib/session/claims").signClaims;
let secret = "";

beforeAll(async () => {
  kit = await startTokenKit();
  // The server configuration is read once, on first use: set it before the middleware loads.
  Object.assign(process.env, { APP_ENV: "local", APP_URL: ORIGIN, COGNITO_ISSUER: kit.issuer, COGNITO_JWKS_URL: kit.jwksUrl });
  ({ middleware } = await import("./middleware"));
  ({ signClaims } = await import("@/lib/session/claims"));
  secret = (await import("@/lib/config/env")).serverConfig().sessionSecret;
});

afterAll(() => kit.stop());

interface Visitor {
  username: string;
  sub: string;
  /** Seconds from now until the identity token expires (negative: already expired). */
  expiresIn?: number;
  key?: "mine" | "foreign";
  claims?: Partial<Claims> | null;
  /** Sign the claims with another secret. */
  claimsSecret?: string;
  /** Bind the claims to another user's sub. */
  claimsSub?: string;
  /** Amplify's refresh-token cookie (opaque to the server). */
  refreshToken?: string;
  /** The sign-in's auth_time (seconds). */
  authTime?: number;
  /** The activity stamp cookie's value (lib/session/activity.ts). */
  activity?: string;
  accessToken?: string;
  kid?: string;
  originJti?: string;
  /** Cookies appended after the visitor's own (a sibling host's second pair). */
  extra?: string[];
}

const idToken = (v: Visitor) => kit.idToken(v);

// A newcomer's claims (the routing fixtures' own), overridden per visitor below.
const { sub: _newcomerSub, ...BASE_CLAIMS } = (signedIn() as Extract<Session, { status: "signed-in" }>).claims;

async function request(path: string, v: Visitor) {
  const cookies = [
    `CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser=${v.username}`,
    `CognitoIdentityServiceProvider.${CLIENT_ID}.${v.username}.idToken=${await idToken(v)}`,
  ];
  if (v.refreshToken) cookies.push(`CognitoIdentityServiceProvider.${CLIENT_ID}.${v.username}.refreshToken=${v.refreshToken}`);
  if (v.claims !== null) {
    const claims = { ...BASE_CLAIMS, ...v.claims, sub: v.claimsSub ?? v.sub };
    cookies.push(`shell_claims=${await signClaims(claims, v.claimsSecret ?? secret)}`);
  }
  if (v.activity) cookies.push(`shell_activity=${v.activity}`);
  if (v.accessToken) cookies.push(`CognitoIdentityServiceProvider.${CLIENT_ID}.${v.username}.accessToken=${v.accessToken}`);
  cookies.push(...(v.extra ?? []));
  const res = await middleware(new NextRequest(`${ORIGIN}${path}`, { headers: { cookie: cookies.join("; ") } }));
  return {
    setCookies: res.headers.getSetCookie(),
    status: res.status,
    location: res.headers.get("location"),
    next: res.headers.get("x-middleware-next") === "1",
    reason: res.headers.get("x-route-decision"),
  };
}

const borrower: Visitor = {
  username: "b0rr0w",
  sub: "00000000-0000-4000-8000-00000000000a",
  claims: { step: "activeLoan", loanState: "originated", payoutDate: "2099-01-01" },
};
const applicant: Visitor = {
  username: "app1ic",
  sub: "00000000-0000-4000-8000-000000000002",
  claims: { step: "loanDetails", loanState: "in-progress" },
};
const admin: Visitor = {
  username: "adm1n0",
  sub: "00000000-0000-4000-8000-00000000000e",
  claims: { flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: false }, emailDomain: "lender.example" },
};
const rejected: Visitor = {
  username: "rej0ct",
  sub: "00000000-0000-4000-8000-00000000000c",
  claims: { step: "rejected", loanState: "rejected" },
};

describe("signed-in visitors get their own destinations", () => {
  it.each<[string, Visitor, string, string]>([
    // SPEC 2: payments needs a signed loan; a borrower goes to the dashboard app's payments.
    ["a borrower on /payments", borrower, "/payments", `${DASHBOARD_APP}/payments`],
    // SPEC 4: a step ahead of the stored one sends the applicant to their current step.
    ["an applicant skipping ahead", applicant, "/apply/employmentInformation", `${ORIGIN}/apply/loanDetails`],
    ["an applicant on their own step", applicant, "/apply/loanDetails", `${LENDING_APP}/apply/loanDetails`],
    // SPEC 6: the admin flag opens review.
    ["an admin on /review", admin, "/review", `${DASHBOARD_APP}/review`],
    // SPEC 4: a rejected loan blocks signed-in-required routes.
    ["a rejected applicant on /apply", rejected, "/apply", `${ORIGIN}/_restricted`],
    // SPEC 4: signed or originated users cannot open not-yet-signed routes.
    ["a borrower on /apply", borrower, "/apply", `${ORIGIN}/_restricted`],
  ])("%s", async (_name, visitor, path, location) => {
    const got = await request(path, visitor);
    expect(got.status).toBe(307);
    expect(got.location).toBe(location);
  });

  it("lets a signed-in visitor into an in-app dashboard page", async () => {
    const got = await request("/dashboard-sign", applicant);
    expect(got.next).toBe(true);
    expect(got.location).toBeNull();
  });

  it("shows a non-admin the not-found page on /review (SPEC 6)", async () => {
    const got = await request("/review", borrower);
    expect(got.next).toBe(true);
    expect(got.reason).toBe("not-found");
  });
});

describe("bad credentials fail closed", () => {
  it.each<[string, Visitor]>([
    ["an expired identity token", { ...borrower, expiresIn: -5 }],
    ["a token signed by a foreign key with the same kid", { ...borrower, key: "foreign" }],
  ])("%s is anonymous: /payments asks to register (SPEC 6)", async (_name, visitor) => {
    const got = await request("/payments", visitor);
    expect(got.status).toBe(307);
    expect(got.location).toBe(`${ORIGIN}/register?redirect=%2Fpayments`);
    expect(got.reason).toBe("payments:anonymous");
  });

  // SPEC 4's verifying: the returning user the next day waits while the browser refreshes the session.
  it("an expired identity token with a refresh token kept is verifying: /payments waits, the redirect kept", async () => {
    const got = await request("/payments", { ...borrower, expiresIn: -5, refreshToken: "opaque-refresh" });
    expect(got.status).toBe(307);
    expect(got.location).toBe(`${ORIGIN}/wait-load-redirect?redirect=%2Fpayments`);
    expect(got.reason).toBe("payments:verifying");
  });

  it("a foreign token is anonymous even with a refresh token cookie", async () => {
    const got = await request("/payments", { ...borrower, expiresIn: -5, key: "foreign", refreshToken: "opaque-refresh" });
    expect(got.location).toBe(`${ORIGIN}/register?redirect=%2Fpayments`);
  });

  it.each<[string, Visitor]>([
    ["no claims cookie yet", { ...borrower, claims: null }],
    ["claims signed with another secret", { ...borrower, claimsSecret: "another-secret-0123456789-0123456789" }],
    ["claims bound to another user", { ...borrower, claimsSub: admin.sub }],
  ])("%s is still signing in: /payments waits for the load and returns (SPEC 4)", async (_name, visitor) => {
    const got = await request("/payments", visitor);
    expect(got.status).toBe(307);
    expect(got.location).toBe(`${ORIGIN}/wait-load-redirect?redirect=%2Fpayments`);
  });

  it("a forged staff flag does not open /review", async () => {
    const got = await request("/review", {
      ...borrower,
      claims: { ...borrower.claims, flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: false } },
      claimsSecret: "forged-secret-0123456789-0123456789",
    });
    expect(got.location).toBe(`${ORIGIN}/wait-load-redirect?redirect=%2Freview`);
  });
});

describe("the server-side idle limit at the edge (lib/session/activity.ts)", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const longAgo = now() - 7200;
  const stamp = async (at: number, authTime = longAgo) =>
    (await import("@/lib/session/activity")).signActivity({ sub: borrower.sub, authTime, at }, secret);
  const names = (setCookies: string[]) => setCookies.map((v) => v.slice(0, v.indexOf("=")));

  it("lets an active session in without renewing a recent stamp", async () => {
    const res = await request("/payments", { ...borrower, authTime: longAgo, activity: await stamp(now() - 10) });
    expect(res.location).toBe(`${DASHBOARD_APP}/payments`);
    expect(res.setCookies).toEqual([]);
  });

  it("renews a stamp older than a minute (a page request is activity)", async () => {
    const res = await request("/payments", { ...borrower, authTime: longAgo, activity: await stamp(now() - 120) });
    expect(res.location).toBe(`${DASHBOARD_APP}/payments`);
    expect(names(res.setCookies)).toEqual(["shell_activity"]);
  });

  it("stamps a fresh sign-in that has none yet", async () => {
    const res = await request("/payments", borrower);
    expect(res.location).toBe(`${DASHBOARD_APP}/payments`);
    expect(names(res.setCookies)).toEqual(["shell_activity"]);
  });

  it.each<[string, () => Promise<string | undefined>]>([
    ["a stamp older than the idle limit", () => stamp(now() - 3600)],
    ["no stamp on a sign-in older than the limit", async () => undefined],
    ["a tampered stamp", async () => (await stamp(now() - 10)).slice(0, -2) + "xx"],
    ["an earlier sign-in's stamp", () => stamp(now() - 10, longAgo - 86_400)],
  ])("treats %s as signed out and deletes the session cookies", async (_name, activity) => {
    const res = await request("/payments", { ...borrower, authTime: longAgo, activity: await activity() });
    // Anonymous now: not the borrower's own destination.
    expect(res.location).not.toBe(`${DASHBOARD_APP}/payments`);
    expect(names(res.setCookies)).toEqual(
      expect.arrayContaining([
        `CognitoIdentityServiceProvider.${CLIENT_ID}.${borrower.username}.idToken`,
        "shell_claims",
        "shell_activity",
      ]),
    );
  });
});

describe("issue 51 at the edge: idle limits that end the sign-in, refused duplicates, no alarm for a forged kid", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const longAgo = now() - 7200;
  const names = (setCookies: string[]) => setCookies.map((v) => v.slice(0, v.indexOf("=")));
  const realFetch = global.fetch;
  let cognito: { target: string; body: Record<string, string> }[];
  beforeEach(() => {
    cognito = [];
    // The identity service's calls are recorded (and answered as Cognito would); the key set is real.
    global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const target = new Headers(init?.headers).get("x-amz-target");
      if (!target) return realFetch(input, init);
      cognito.push({ target: target.replace(/^.*\./, ""), body: JSON.parse(String(init?.body)) });
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("past the idle limit, ends the sign-in at Cognito with the refresh token the request carries", async () => {
    const lines: string[] = [];
    const log = jest.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const res = await request("/payments", { ...borrower, authTime: longAgo, refreshToken: "the-refresh-token", originJti: "o-idle" });
    log.mockRestore();
    expect(res.location).not.toBe(`${DASHBOARD_APP}/payments`);
    expect(cognito).toEqual([{ target: "RevokeToken", body: { ClientId: CLIENT_ID, Token: "the-refresh-token" } }]);
    expect(names(res.setCookies)).toEqual(
      expect.arrayContaining([`CognitoIdentityServiceProvider.${CLIENT_ID}.${borrower.username}.refreshToken`]),
    );
    // One info line for the audit channel, saying what Cognito showed (no access token: not confirmed).
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: "info", channel: "audit", event: "sign-out", sub: borrower.sub, reason: "idle:unconfirmed" }),
    ]);
  });

  it("ends an expired (verifying) sign-in past the idle limit as well, instead of waiting for its refresh", async () => {
    const res = await request("/payments", { ...borrower, authTime: longAgo, expiresIn: -5, refreshToken: "the-refresh-token" });
    expect(res.location).not.toBe(`${ORIGIN}/wait-load-redirect?redirect=%2Fpayments`);
    expect(cognito.map((c) => c.target)).toEqual(["RevokeToken"]);
    expect(names(res.setCookies)).toEqual(expect.arrayContaining(["shell_claims", "shell_activity"]));
  });

  it("an active session costs Cognito nothing", async () => {
    await request("/payments", borrower);
    expect(cognito).toEqual([]);
  });

  it("duplicated session cookie names: anonymous (the last value is never read) and every session cookie deleted", async () => {
    const intruder = await kit.idToken({ username: borrower.username, sub: "00000000-0000-4000-8000-0000000000ff" });
    const res = await request("/payments", {
      ...borrower,
      extra: [`CognitoIdentityServiceProvider.${CLIENT_ID}.${borrower.username}.idToken=${intruder}`],
    });
    expect(res.location).toBe(`${ORIGIN}/register?redirect=%2Fpayments`);
    expect(names(res.setCookies)).toEqual(
      expect.arrayContaining([
        `CognitoIdentityServiceProvider.${CLIENT_ID}.${borrower.username}.idToken`,
        "shell_claims",
        "shell_activity",
      ]),
    );
  });

  it("a token with a key id the healthy key set does not have is anonymous (sign in), not the wait page, with no error line", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 5; i++) {
        const res = await request("/payments", { ...borrower, kid: `forged-${i}` });
        expect(res.location).toBe(`${ORIGIN}/register?redirect=%2Fpayments`);
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
