import { NextRequest } from "next/server";
import { decodeJwt } from "jose";
import { ACTIVITY_COOKIE } from "@/lib/session/activity";
import { CLAIMS_COOKIE } from "@/lib/session/claims";
// The identity cookie's signature check is lib/session/session.test.ts's (identitySignIn, real RS256
// tokens); here the route gets the sign-in its token names, so each case is about Cognito's answers.
jest.mock("@/lib/session/server-session", () => ({
  cookieSignIn: async (jar: { duplicated: readonly string[]; get(name: string): string | undefined }) => {
    if (jar.duplicated.length) return undefined;
    try {
      const claims = decodeJwt(jar.get(`CognitoIdentityServiceProvider.localclient0000000000000000.a1b2c3.idToken`) ?? "");
      return typeof claims.sub === "string" ? { sub: claims.sub, originJti: claims.origin_jti } : undefined;
    } catch {
      return undefined;
    }
  },
}));
import { POST } from "./route";
import { clearingSetCookies, cookiesToClear, isSameOriginRequest } from "@/lib/session/session-cookies";
import { captureLogs } from "@/lib/observability/logger";

const CLIENT = "localclient0000000000000000";
const AMPLIFY = [
  `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`,
  `CognitoIdentityServiceProvider.${CLIENT}.a1b2c3.idToken`,
  `CognitoIdentityServiceProvider.${CLIENT}.a1b2c3.accessToken`,
  `CognitoIdentityServiceProvider.${CLIENT}.a1b2c3.refreshToken`,
];

function request(headers: Record<string, string>, body?: string) {
  return new NextRequest("http://localhost:3000/api/session/sign-out", {
    method: "POST",
    headers: body === undefined ? headers : { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

describe("cookiesToClear", () => {
  it("takes every Amplify cookie and the claims cookie, nothing else", () => {
    expect(cookiesToClear([...AMPLIFY, "other", "cognitoidentityserviceprovider.x"]).sort()).toEqual(
      [...AMPLIFY, CLAIMS_COOKIE, ACTIVITY_COOKIE].sort(),
    );
  });

  it("always clears the claims and activity cookies, even when the browser sent none", () => {
    expect(cookiesToClear([])).toEqual([CLAIMS_COOKIE, ACTIVITY_COOKIE]);
  });
});

describe("clearingSetCookies", () => {
  it("expires host-only cookies on path /", () => {
    expect(clearingSetCookies(["a"], { secure: false })).toEqual([
      "a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax",
    ]);
  });

  it("with a cookie domain, expires the domain cookie and a host-only one; Secure on https", () => {
    const values = clearingSetCookies(["a"], { cookieDomain: ".lender.example", secure: true });
    expect(values).toHaveLength(2);
    expect(values[0]).not.toContain("Domain=");
    expect(values[1]).toContain("Domain=.lender.example");
    for (const v of values) expect(v).toMatch(/Max-Age=0; SameSite=Lax; Secure$/);
  });
});

describe("isSameOriginRequest", () => {
  const allowed = ["http://localhost:3000"];
  it.each<[string, Record<string, string>, boolean]>([
    ["same origin", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }, true],
    ["origin only", { origin: "http://localhost:3000" }, true],
    ["another site's form", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, false],
    ["another origin without fetch metadata", { origin: "https://evil.example" }, false],
    ["a sibling subdomain", { origin: "http://localhost:3000", "sec-fetch-site": "same-site" }, false],
    ["no headers at all", {}, false],
    ["fetch metadata without origin", { "sec-fetch-site": "same-origin" }, true],
  ])("%s", (_name, headers, expected) => {
    expect(isSameOriginRequest(new Headers(headers), allowed)).toBe(expected);
  });
});

const NOW = () => Math.floor(Date.now() / 1000);
/** A JWT-shaped token (unsigned: only Cognito's answers, faked below, make a token evidence). */
const jwt = (payload: Record<string, unknown>) =>
  ["{}", JSON.stringify(payload)].map((part) => Buffer.from(part).toString("base64url")).join(".") + ".sig";
const ID = jwt({ sub: "sub-1", origin_jti: "o-1", "cognito:username": "a1b2c3", token_use: "id" });
const access = (over: Record<string, unknown> = {}) =>
  jwt({ token_use: "access", sub: "sub-1", origin_jti: "o-1", exp: NOW() + 3600, ...over });
const OWN_ACCESS = access();
const OWN_REFRESH = "refresh-own";
const [USER, ID_COOKIE, ACCESS_COOKIE, REFRESH_COOKIE] = AMPLIFY as [string, string, string, string];

/**
 * Cognito as it behaves: RevokeToken answers 200 whatever the token (RFC 7009) and ends the sign-in
 * only for its own refresh token; GetUser accepts only a live token Cognito issued (here: the
 * `genuine` set) of a sign-in not ended; GlobalSignOut ends every sign-in of a genuine token's user.
 */
function fakeCognito(genuine: Set<string>) {
  const ended = new Set<string>();
  const refused = () => new Response(JSON.stringify({ __type: "NotAuthorizedException" }), { status: 400 });
  const live = (token: string) => {
    if (!genuine.has(token)) return undefined;
    const claims = decodeJwt(token) as { sub: string; origin_jti: string; exp: number };
    return claims.exp > NOW() && !ended.has(claims.origin_jti) && !ended.has(claims.sub) ? claims : undefined;
  };
  return async (target: string, body: Record<string, string>): Promise<Response> => {
    if (target.endsWith(".RevokeToken")) {
      if (body.Token === OWN_REFRESH) ended.add("o-1");
      return new Response("{}", { status: 200 });
    }
    const claims = live(body.AccessToken ?? "");
    if (!claims) return refused();
    if (target.endsWith(".GlobalSignOut")) ended.add(claims.sub);
    return new Response("{}", { status: 200 });
  };
}

describe("POST /api/session/sign-out", () => {
  const realFetch = global.fetch;
  let calls: { url: string; init: RequestInit }[];
  let answer: (target: string, body: Record<string, string>) => Promise<Response>;
  beforeEach(() => {
    calls = [];
    answer = fakeCognito(new Set([OWN_ACCESS]));
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answer(new Headers(init?.headers).get("x-amz-target") ?? "", JSON.parse(String(init?.body ?? "{}")));
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });
  const cookies = (values: Partial<Record<string, string>>, extra: string[] = []) =>
    [
      ...Object.entries({ [USER]: "a1b2c3", [ID_COOKIE]: ID, [ACCESS_COOKIE]: OWN_ACCESS, [REFRESH_COOKIE]: OWN_REFRESH, ...values })
        .filter(([, v]) => v !== undefined)
        .map(([n, v]) => `${n}=${v}`),
      `${CLAIMS_COOKIE}=v`,
      "unrelated=v",
      ...extra,
    ].join("; ");
  const cookieHeader = cookies({});
  const same = (cookie: string) => ({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie });

  const targets = () => calls.map((c) => new Headers(c.init.headers).get("x-amz-target")?.replace(/^.*\./, ""));

  it("revokes this sign-in's refresh token, shows it ended, deletes the session cookies and answers 303", async () => {
    const logs = captureLogs();
    const response = await POST(request(same(cookieHeader)));
    logs.restore();
    expect(logs.lines()).toEqual([
      expect.objectContaining({ channel: "audit", event: "sign-out", sub: "sub-1", outcome: "success", reason: "revoked" }),
      expect.objectContaining({ channel: "audit", event: "session-revoked", sub: "sub-1", outcome: "success", reason: "revoked" }),
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/api/local/apps/marketing");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cleared = response.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")));
    expect(cleared.sort()).toEqual([...AMPLIFY, CLAIMS_COOKIE, ACTIVITY_COOKIE].sort());
    for (const v of response.headers.getSetCookie()) expect(v).toContain("Max-Age=0");
    // The access token live before, RevokeToken, then the same token refused: evidence about this sign-in.
    expect(targets()).toEqual(["GetUser", "RevokeToken", "GetUser"]);
    expect(calls[1]!.url).toBe("http://localhost:3000/api/local/cognito");
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ ClientId: CLIENT, Token: OWN_REFRESH });
  });

  it("an idle sign-out revokes and clears the same, then goes to /login with the message and a safe way back", async () => {
    const idle = await POST(request(same(cookieHeader), "reason=idle&redirect=%2Fpersonal%3Ftab%3D2"));
    expect(idle.status).toBe(303);
    expect(idle.headers.get("location")).toBe("http://localhost:3000/login?signedOut=idle&redirect=%2Fpersonal%3Ftab%3D2");
    expect(idle.headers.getSetCookie()).toHaveLength(AMPLIFY.length + 2);
    expect(targets()).toEqual(["GetUser", "RevokeToken", "GetUser"]);
    // An unsafe way back is dropped, never followed.
    const unsafe = await POST(request(same(cookieHeader), "reason=idle&redirect=https%3A%2F%2Fevil.example"));
    expect(unsafe.headers.get("location")).toBe("http://localhost:3000/login?signedOut=idle");
    // Any other reason (or a malformed body) is a plain sign-out.
    expect((await POST(request(same(cookieHeader), "reason=other"))).headers.get("location")).toBe(
      "http://localhost:3000/api/local/apps/marketing",
    );
    expect((await POST(request(same(cookieHeader), "%"))).headers.get("location")).toBe("http://localhost:3000/api/local/apps/marketing");
  });

  // The sign-out matrix (issue 51 item 5): what the audit may say is only what Cognito showed.
  const OTHER_SIGN_IN = access({ origin_jti: "o-2" });
  const OTHER_USER = access({ sub: "sub-2", origin_jti: "o-3" });
  const FORGED = access({ origin_jti: "o-1" }).replace(/sig$/, "forged");
  const EXPIRED = access({ exp: NOW() - 10 });
  it.each<[string, Partial<Record<string, string>>, string[], string, string[], string[]]>([
    [
      "a junk refresh cookie, its own access token",
      { [REFRESH_COOKIE]: "junk" },
      [OWN_ACCESS],
      "signed-out-everywhere",
      ["GetUser", "RevokeToken", "GetUser", "GlobalSignOut"],
      ["signed-out-everywhere"],
    ],
    [
      "a stale refresh cookie (an earlier sign-in's), its own access token",
      { [REFRESH_COOKIE]: "refresh-earlier" },
      [OWN_ACCESS],
      "signed-out-everywhere",
      ["GetUser", "RevokeToken", "GetUser", "GlobalSignOut"],
      ["signed-out-everywhere"],
    ],
    [
      "a junk refresh cookie and no access token",
      { [REFRESH_COOKIE]: "junk", [ACCESS_COOKIE]: undefined },
      [],
      "unconfirmed",
      ["RevokeToken"],
      [],
    ],
    [
      "a junk refresh cookie and a junk access token",
      { [REFRESH_COOKIE]: "junk", [ACCESS_COOKIE]: "v" },
      [],
      "unconfirmed",
      ["RevokeToken"],
      [],
    ],
    [
      "a junk refresh cookie and a forged access token of this sign-in (GetUser refuses it)",
      { [REFRESH_COOKIE]: "junk", [ACCESS_COOKIE]: FORGED },
      [],
      "unconfirmed",
      ["GetUser", "RevokeToken", "GlobalSignOut"],
      [],
    ],
    [
      "its own refresh token and an expired access token",
      { [ACCESS_COOKIE]: EXPIRED },
      [EXPIRED],
      "unconfirmed",
      ["RevokeToken", "GlobalSignOut"],
      [],
    ],
    [
      "its own refresh token and another live sign-in's access token of the user",
      { [ACCESS_COOKIE]: OTHER_SIGN_IN },
      [OTHER_SIGN_IN],
      "signed-out-everywhere",
      ["RevokeToken", "GlobalSignOut"],
      ["signed-out-everywhere"],
    ],
    [
      "its own refresh token and another user's access token (never used)",
      { [ACCESS_COOKIE]: OTHER_USER },
      [OTHER_USER],
      "unconfirmed",
      ["RevokeToken"],
      [],
    ],
    [
      "no refresh cookie, its own access token",
      { [REFRESH_COOKIE]: undefined },
      [OWN_ACCESS],
      "signed-out-everywhere",
      ["GlobalSignOut"],
      ["signed-out-everywhere"],
    ],
  ])("with %s: %s", async (_name, values, genuine, reason, wantCalls, revoked) => {
    answer = fakeCognito(new Set([OWN_ACCESS, ...genuine]));
    const logs = captureLogs();
    const response = await POST(request(same(cookies(values))));
    logs.restore();
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(targets()).toEqual(wantCalls);
    expect(logs.lines()).toEqual([
      expect.objectContaining({ channel: "audit", event: "sign-out", outcome: "success", reason }),
      ...revoked.map((r) => expect.objectContaining({ channel: "audit", event: "session-revoked", sub: "sub-1", reason: r })),
    ]);
  });

  it.each<[string, string[]]>([
    ["a junk pair appended after the real one", [`${ACCESS_COOKIE}=v`, `${REFRESH_COOKIE}=junk`, `${ID_COOKIE}=junk`]],
    ["a second user name and identity appended", [`${USER}=zzz`, `${ID_COOKIE}=${jwt({ sub: "sub-9" })}`]],
  ])(
    "with duplicated session cookie names (%s): no value is read as the identity, every value is ended, all deleted",
    async (_name, extra) => {
      const logs = captureLogs();
      const response = await POST(request(same(cookies({}, extra))));
      logs.restore();
      expect(response.status).toBe(303);
      // Every refresh value revoked, every access value's user signed out (a junk one cannot be sent).
      expect(targets().filter((t) => t === "RevokeToken")).toHaveLength(extra.some((c) => c.startsWith(REFRESH_COOKIE)) ? 2 : 1);
      expect(targets()).toContain("GlobalSignOut");
      expect(logs.lines()).toEqual([
        expect.objectContaining({
          channel: "audit",
          event: "sign-out",

          reason: "duplicated-cookies:signed-out-everywhere",
        }),
        expect.objectContaining({ channel: "audit", event: "session-revoked", sub: "sub-1", reason: "signed-out-everywhere" }),
      ]);
      // Whose sign-in the jar named is not known: the sign-out names no one, the revocation names whom Cognito ended.
      expect(logs.lines()[0]).not.toHaveProperty("sub");
      const cleared = new Set(response.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("="))));
      for (const name of [...AMPLIFY, CLAIMS_COOKIE, ACTIVITY_COOKIE]) expect(cleared.has(name)).toBe(true);
      // The session is over at Cognito: the real access token is refused now.
      expect((await answer("AWSCognitoIdentityProviderService.GetUser", { AccessToken: OWN_ACCESS })).status).toBe(400);
    },
  );

  it("with no token at all, has nothing to revoke and still clears the cookies", async () => {
    const response = await POST(request(same(`${CLAIMS_COOKIE}=v`)));
    expect(response.status).toBe(303);
    expect(calls).toEqual([]);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("clears the cookies even when the identity service cannot be reached, and says it failed", async () => {
    answer = async () => {
      throw new TypeError("fetch failed");
    };
    const logs = captureLogs();
    try {
      const response = await POST(request(same(cookieHeader)));
      expect(response.status).toBe(303);
      expect(response.headers.getSetCookie()).toHaveLength(AMPLIFY.length + 2);
      expect(logs.lines()).toEqual([
        expect.objectContaining({ level: "error", msg: "session not revoked", operation: "GlobalSignOut" }),
        expect.objectContaining({ channel: "audit", event: "sign-out", outcome: "failed", reason: "failed" }),
      ]);
    } finally {
      logs.restore();
    }
  });

  it("refuses a cross-site request, revokes and clears nothing", async () => {
    const response = await POST(request({ origin: "https://evil.example", "sec-fetch-site": "cross-site", cookie: cookieHeader }));
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(calls).toEqual([]);
  });
});
