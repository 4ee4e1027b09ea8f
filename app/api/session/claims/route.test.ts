import type { FrontendLoad } from "@/lib/graphql/operations";
import { ACTIVITY_COOKIE, SERVER_IDLE_LIMIT_SECONDS, readActivity, signActivity } from "@/lib/session/activity";
import { readClaims } from "@/lib/session/claims";
import type { Session } from "@/lib/session/session";

const session = jest.fn<Promise<Session>, []>();
const idToken = jest.fn<Promise<string | undefined>, []>();
const load = jest.fn<Promise<FrontendLoad>, [unknown]>();
jest.mock("@/lib/session/server-session", () => ({ currentSession: () => session(), cookieIdToken: () => idToken() }));
jest.mock("@/lib/graphql/operations", () => ({ loadFrontend: (client: unknown) => load(client) }));
const AMPLIFY_ID = "CognitoIdentityServiceProvider.localclient0000000000000000.abc123.idToken";
/** The request's cookies (besides an identity, claims and unrelated cookie always sent): each test sets them. */
let jar: Record<string, string> = {};
/** The browser's POST, same origin, with the jar's cookies in its one Cookie header. */
const req = (headers: Record<string, string> = {}, extraCookies: string[] = []) =>
  new NextRequest("http://localhost:3000/api/session/claims", {
    method: "POST",
    headers: {
      origin: "http://localhost:3000",
      cookie: [
        `${AMPLIFY_ID}=x`,
        "shell_claims=x",
        "unrelated=x",
        ...Object.entries(jar).map(([n, v]) => `${n}=${v}`),
        ...extraCookies,
      ].join("; "),
      ...headers,
    },
  });

import { NextRequest } from "next/server";
import { ClientError } from "graphql-request";
import { captureLogs } from "@/lib/observability/logger";
import { POST } from "./route";

const SECRET = "local-only-session-secret-do-not-use-in-production";
const NOW = () => Math.floor(Date.now() / 1000);
// A sign-in a minute ago (the verified token's auth_time).
const signingIn: Session = { status: "signing-in", sub: "sub-9", username: "abc123", email: "borrower@example.com", authTime: NOW() - 60 };
const frontend = {
  flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false },
  documents: [],
  applicationStep: "activeLoan",
  appInfo: {
    amountAppliedFor: 4000,
    directDepositConfirmed: true,
    evolveConsent: true,
    offer: { contractSigned: true, offerStage: "signed" },
    prequalification: null,
    rejectionReason: null,
    primary_email: "borrower@example.com",
  },
  loanInfo: { PayoutDate: "2028-03-02" },
} as unknown as FrontendLoad;

beforeEach(() => {
  jest.resetAllMocks();
  jar = {};
});

describe("POST /api/session/claims", () => {
  it("loads the user's data with their token and writes claims bound to their sub", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const res = await POST(req());
    expect(res.status).toBe(200);
    const cookie = res.cookies.get("shell_claims");
    expect(cookie?.httpOnly).toBe(true);
    const claims = await readClaims(cookie?.value, SECRET, "sub-9");
    expect(claims).toMatchObject({
      step: "activeLoan",
      loanState: "originated",
      payoutDate: "2028-03-02",
      emailDomain: "example.com",
      evolveConsent: true,
    });
    expect(await readClaims(cookie?.value, SECRET, "someone-else")).toBeNull();
  });

  it("answers 401 without an identity, and loads nothing", async () => {
    session.mockResolvedValue({ status: "anonymous" });
    idToken.mockResolvedValue(undefined);
    const res = await POST(req());
    expect(res.status).toBe(401);
    expect(load).not.toHaveBeenCalled();
    expect(res.cookies.get("shell_claims")).toBeUndefined();
  });

  it("answers 502 without the API's wording and clears claims that may be stale", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockRejectedValue(new Error("internal database detail"));
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await POST(req());
    spy.mockRestore();
    expect(res.status).toBe(502);
    expect(JSON.stringify(await res.json())).not.toContain("database");
    const cleared = res.cookies.get("shell_claims");
    expect(cleared?.value).toBe("");
    expect(cleared?.maxAge).toBe(0);
  });

  it.each([
    ["a 401", 401, undefined],
    ["an UnauthorizedException (a revoked sign-in)", 200, "UnauthorizedException"],
  ])("answers %s from the API as signed out: 401, every session cookie deleted, never a 5xx", async (_name, status, errorType) => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockRejectedValue(
      new ClientError({ status, errors: [{ message: "Token has been revoked", ...(errorType ? { errorType } : {}) }] } as never, {
        query: "",
      }),
    );
    const res = await POST(req());
    expect(res.status).toBe(401);
    const cleared = res.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")));
    expect(cleared.sort()).toEqual([AMPLIFY_ID, "shell_claims", "shell_activity"].sort());
    for (const v of res.headers.getSetCookie()) expect(v).toContain("Max-Age=0");
  });

  describe("the server-side idle limit (a signed last-activity stamp)", () => {
    const realFetch = global.fetch;
    let targets: string[];
    beforeEach(() => {
      targets = [];
      global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        targets.push(new Headers(init?.headers).get("x-amz-target") ?? "");
        return new Response("{}", { status: 200 });
      }) as typeof fetch;
      idToken.mockResolvedValue("the.id.token");
      load.mockResolvedValue(frontend);
      const amplify = "CognitoIdentityServiceProvider.localclient0000000000000000";
      jar = { [`${amplify}.LastAuthUser`]: "abc123", [`${amplify}.abc123.accessToken`]: "at", [`${amplify}.abc123.refreshToken`]: "rt" };
    });
    afterEach(() => {
      global.fetch = realFetch;
    });
    // Each case its own sign-in (its own auth_time): signActivity hands a sign-in the stamp it signed
    // in the last minute, so two cases of one sign-in would share stamps whichever ran first.
    let cases = 0;
    const LONG_AGO = "signed in long ago";
    let signedInLongAgo: Session & { authTime: number };
    beforeEach(() => {
      signedInLongAgo = { ...signingIn, authTime: NOW() - 7200 - ++cases } as Session & { authTime: number };
    });
    const stamp = (at: number, over: Partial<{ sub: string; authTime: number | null }> = {}) =>
      signActivity({ sub: "sub-9", authTime: signedInLongAgo.authTime, at, ...over }, SECRET);

    it.each<[string, Session | typeof LONG_AGO, () => Promise<string | undefined>, number]>([
      ["a stamp of this sign-in a minute old", LONG_AGO, () => stamp(NOW() - 60), 200],
      ["a stamp of this sign-in just inside the limit", LONG_AGO, () => stamp(NOW() - SERVER_IDLE_LIMIT_SECONDS + 5), 200],
      ["a stamp older than the idle limit", LONG_AGO, () => stamp(NOW() - SERVER_IDLE_LIMIT_SECONDS - 5), 401],
      ["no stamp, on a sign-in older than the limit", LONG_AGO, async () => undefined, 401],
      ["no stamp, on a fresh sign-in", signingIn, async () => undefined, 200],
      ["a tampered stamp", LONG_AGO, async () => (await stamp(NOW() - 60)).slice(0, -2) + "xx", 401],
      [
        "a stamp signed with another secret",
        LONG_AGO,
        () => signActivity({ sub: "sub-9", authTime: signedInLongAgo.authTime, at: NOW() }, "x".repeat(40)),
        401,
      ],
      ["another user's stamp", LONG_AGO, () => stamp(NOW() - 60, { sub: "sub-1" }), 401],
      ["an earlier sign-in's stamp", LONG_AGO, () => stamp(NOW() - 60, { authTime: NOW() - 90_000 }), 401],
    ])("%s → %s", async (_name, named, cookie, status) => {
      const who = named === LONG_AGO ? signedInLongAgo : named;
      session.mockResolvedValue(who);
      const value = await cookie();
      if (value) jar[ACTIVITY_COOKIE] = value;
      const res = await POST(req());
      expect(res.status).toBe(status);
      if (status === 200) {
        // Activity: the stamp is renewed to now.
        const renewed = await readActivity(res.cookies.get(ACTIVITY_COOKIE)?.value, SECRET);
        expect(renewed).toMatchObject({ sub: "sub-9", authTime: (who as { authTime: number }).authTime });
        expect(NOW() - renewed!.at).toBeLessThan(5);
      } else {
        // Idle: the sign-in ends at the identity service too, and every cookie goes.
        expect(load).not.toHaveBeenCalled();
        expect(targets[0]).toMatch(/GlobalSignOut|RevokeToken/);
        expect(res.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")))).toEqual(
          expect.arrayContaining([AMPLIFY_ID, "shell_claims", ACTIVITY_COOKIE]),
        );
      }
    });
  });

  it("writes one sign-in event per sign-in, not one per load without claims", async () => {
    // Its own sign-in (origin_jti): other tests' loads of `signingIn` are remembered by this server.
    session.mockResolvedValue({ ...signingIn, originJti: "origin-keeper" });
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const logs = captureLogs();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await POST(req());
        expect(res.status).toBe(200);
        // The browser sends back the stamp it was given (and, here, never a claims cookie).
        jar[ACTIVITY_COOKIE] = res.cookies.get(ACTIVITY_COOKIE)!.value;
      }
    } finally {
      logs.restore();
    }
    expect(logs.lines().filter((line) => line.channel === "audit")).toEqual([expect.objectContaining({ event: "sign-in", sub: "sub-9" })]);
  });

  it("answers 503 with Retry-After while the key set is out of reach, keeping every cookie", async () => {
    session.mockResolvedValue({ status: "verifying", username: "abc123", keySetDown: true });
    const res = await POST(req());
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    [
      "audits a sign-in's first load, with the sub and no personal value",
      -10,
      [expect.objectContaining({ event: "sign-in", sub: "sub-9", outcome: "success" })],
    ],
    ["audits nothing on a first load long after the sign-in (claims expired)", -3600, []],
  ])("%s", async (_name, sinceNow, audits) => {
    // The verified identity's auth_time (lib/session/id-token.ts).
    const authTime = Math.floor(Date.now() / 1000) + sinceNow;
    session.mockResolvedValue({ ...signingIn, authTime });
    // A session in use has its activity stamp (a sign-in seconds old needs none yet).
    if (sinceNow < -600) jar[ACTIVITY_COOKIE] = await signActivity({ sub: "sub-9", authTime, at: NOW() - 30 }, SECRET);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const logs = captureLogs();
    try {
      expect((await POST(req())).status).toBe(200);
    } finally {
      logs.restore();
    }
    expect(logs.lines().filter((line) => line.channel === "audit")).toEqual(audits);
    expect(JSON.stringify(logs.lines())).not.toContain("borrower@example.com");
  });
});

describe("POST /api/session/claims: the doors other sites knock on (issue 51 items 5-7)", () => {
  it.each<[string, Record<string, string>]>([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a foreign Origin saying same-origin", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
    ["a sibling host (same-site)", { origin: "http://localhost:3000", "sec-fetch-site": "same-site" }],
    ["another site's fetch", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["a cross-site request without Origin", { origin: "", "sec-fetch-site": "cross-site" }],
    ["an opaque Origin", { origin: "null" }],
    ["our host on another scheme", { origin: "https://localhost:3000" }],
  ])("refuses %s with 403, loading and stamping nothing", async (_name, headers) => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ""));
    const request = req(clean);
    if (headers.origin === "") request.headers.delete("origin");
    const res = await POST(request);
    expect(res.status).toBe(403);
    expect(load).not.toHaveBeenCalled();
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("answers a same-origin request without Origin or fetch metadata (a script or test client, no browser's cross-site call)", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const request = req();
    request.headers.delete("origin");
    expect((await POST(request)).status).toBe(200);
  });

  it("refuses duplicated session cookie names: 401, nothing loaded, every session cookie deleted", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    // A sibling host appended a second value under the identity cookie's name.
    const res = await POST(req({}, [`${AMPLIFY_ID}=y`]));
    expect(res.status).toBe(401);
    expect(load).not.toHaveBeenCalled();
    expect(res.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")))).toEqual(
      expect.arrayContaining([AMPLIFY_ID, "shell_claims", ACTIVITY_COOKIE]),
    );
  });

  it("writes one sign-in event per sign-in even when the client keeps neither claims nor stamp (keyed by origin_jti)", async () => {
    session.mockResolvedValue({ ...signingIn, sub: "sub-dropper", originJti: "origin-dropper" });
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const logs = captureLogs();
    try {
      for (let i = 0; i < 3; i++) expect((await POST(req())).status).toBe(200);
    } finally {
      logs.restore();
    }
    expect(logs.lines().filter((line) => line.channel === "audit")).toEqual([
      expect.objectContaining({ event: "sign-in", sub: "sub-dropper" }),
    ]);
  });

  it("a new sign-in of the same user (another origin_jti) is its own event", async () => {
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const logs = captureLogs();
    try {
      for (const originJti of ["origin-a", "origin-b", "origin-a"]) {
        session.mockResolvedValue({ ...signingIn, sub: "sub-twice", originJti });
        expect((await POST(req())).status).toBe(200);
      }
    } finally {
      logs.restore();
    }
    expect(logs.lines().filter((line) => line.event === "sign-in")).toHaveLength(2);
  });
});
