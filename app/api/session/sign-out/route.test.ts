import { NextRequest } from "next/server";
import { ACTIVITY_COOKIE } from "@/lib/session/activity";
import { CLAIMS_COOKIE } from "@/lib/session/claims";
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

describe("POST /api/session/sign-out", () => {
  const realFetch = global.fetch;
  let calls: { url: string; init: RequestInit }[];
  let answer: (target: string) => Promise<Response>;
  beforeEach(() => {
    calls = [];
    // Cognito as after a real revocation: GetUser refuses the sign-in's access token.
    answer = async (target) =>
      target.endsWith(".GetUser")
        ? new Response(JSON.stringify({ __type: "NotAuthorizedException", message: "Access Token has been revoked" }), { status: 400 })
        : new Response("{}", { status: 200 });
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answer(new Headers(init?.headers).get("x-amz-target") ?? "");
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });
  const cookieValue = (name: string) => {
    if (name.endsWith("LastAuthUser")) return "a1b2c3";
    if (name.endsWith("refreshToken")) return "refresh-1";
    return "v";
  };
  const cookieHeader = [...AMPLIFY, CLAIMS_COOKIE, "unrelated"].map((n) => `${n}=${cookieValue(n)}`).join("; ");

  const targets = () => calls.map((c) => new Headers(c.init.headers).get("x-amz-target")?.replace(/^.*\./, ""));

  it("revokes the refresh token, deletes the session cookies and answers 303 to the marketing site", async () => {
    const logs = captureLogs();
    const response = await POST(request({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie: cookieHeader }));
    logs.restore();
    expect(logs.lines()).toEqual([
      expect.objectContaining({ channel: "audit", event: "sign-out", outcome: "success", reason: "revoked" }),
      expect.objectContaining({ channel: "audit", event: "session-revoked", outcome: "success", reason: "revoked" }),
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/api/local/apps/marketing");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cleared = response.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")));
    expect(cleared.sort()).toEqual([...AMPLIFY, CLAIMS_COOKIE, ACTIVITY_COOKIE].sort());
    for (const v of response.headers.getSetCookie()) expect(v).toContain("Max-Age=0");
    // RevokeToken, then GetUser to confirm the sign-in's access token is dead.
    expect(targets()).toEqual(["RevokeToken", "GetUser"]);
    expect(calls[0]!.url).toBe("http://localhost:3000/api/local/cognito");
    expect(new Headers(calls[0]!.init.headers).get("x-amz-target")).toBe("AWSCognitoIdentityProviderService.RevokeToken");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ ClientId: CLIENT, Token: "refresh-1" });
  });

  it("an idle sign-out revokes and clears the same, then goes to /login with the message and a safe way back", async () => {
    const same = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie: cookieHeader };
    const idle = await POST(request(same, "reason=idle&redirect=%2Fpersonal%3Ftab%3D2"));
    expect(idle.status).toBe(303);
    expect(idle.headers.get("location")).toBe("http://localhost:3000/login?signedOut=idle&redirect=%2Fpersonal%3Ftab%3D2");
    expect(idle.headers.getSetCookie()).toHaveLength(AMPLIFY.length + 2);
    expect(targets()).toEqual(["RevokeToken", "GetUser"]);
    // An unsafe way back is dropped, never followed.
    const unsafe = await POST(request(same, "reason=idle&redirect=https%3A%2F%2Fevil.example"));
    expect(unsafe.headers.get("location")).toBe("http://localhost:3000/login?signedOut=idle");
    // Any other reason (or a malformed body) is a plain sign-out.
    expect((await POST(request(same, "reason=other"))).headers.get("location")).toBe("http://localhost:3000/api/local/apps/marketing");
    expect((await POST(request(same, "%"))).headers.get("location")).toBe("http://localhost:3000/api/local/apps/marketing");
  });

  it.each([
    ["without the refresh-token cookie", (n: string) => !n.endsWith("refreshToken")],
    ["with only the user, identity and access cookies", (n: string) => !n.endsWith("refreshToken") && n !== CLAIMS_COOKIE],
  ])("%s, ends the session with the access token (GlobalSignOut) and clears the rest", async (_, keep) => {
    const cookie = [...AMPLIFY, CLAIMS_COOKIE]
      .filter(keep)
      .map((n) => `${n}=${cookieValue(n)}`)
      .join("; ");
    const response = await POST(request({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie }));
    expect(response.status).toBe(303);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.init.headers).get("x-amz-target")).toBe("AWSCognitoIdentityProviderService.GlobalSignOut");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ AccessToken: "v" });
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it.each<[string, (target: string) => Promise<Response>, string[], string]>([
    [
      "RevokeToken answers 200 but the access token still works (a junk or stale refresh cookie)",
      async () => new Response("{}", { status: 200 }),
      ["RevokeToken", "GetUser", "GlobalSignOut"],
      "signed-out-everywhere",
    ],
    [
      "RevokeToken fails twice",
      async (target) => (target.endsWith(".RevokeToken") ? new Response("{}", { status: 500 }) : new Response("{}", { status: 200 })),
      ["RevokeToken", "RevokeToken", "GlobalSignOut"],
      "signed-out-everywhere",
    ],
  ])("when %s, ends every sign-in of the user and audits that", async (_name, cognito, wantCalls, reason) => {
    answer = cognito;
    const logs = captureLogs();
    const response = await POST(request({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie: cookieHeader }));
    logs.restore();
    expect(response.status).toBe(303);
    expect(targets()).toEqual(wantCalls);
    expect(logs.lines()).toEqual([
      expect.objectContaining({ channel: "audit", event: "sign-out", outcome: "success", reason }),
      expect.objectContaining({ channel: "audit", event: "session-revoked", outcome: "success", reason }),
    ]);
  });

  it("with no token at all, has nothing to revoke and still clears the cookies", async () => {
    const response = await POST(
      request({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie: `${CLAIMS_COOKIE}=v` }),
    );
    expect(response.status).toBe(303);
    expect(calls).toEqual([]);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("clears the cookies even when the identity service cannot be reached", async () => {
    answer = async () => {
      throw new TypeError("fetch failed");
    };
    const logs = captureLogs();
    try {
      const response = await POST(request({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin", cookie: cookieHeader }));
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
