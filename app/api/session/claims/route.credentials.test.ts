/**
 * The claims route's real API call (only the session is stubbed): which credential reaches the API,
 * and the cookie's flags and lifetime. The API's answer comes from a stubbed fetch.
 */
import { readClaims } from "@/lib/session/claims";
import type { Session } from "@/lib/session/session";

const session = jest.fn<Promise<Session>, []>();
const idToken = jest.fn<Promise<string | undefined>, []>();
jest.mock("@/lib/session/server-session", () => ({ currentSession: () => session(), cookieIdToken: () => idToken() }));
import { NextRequest } from "next/server";

const SECRET = "local-only-session-secret-do-not-use-in-production";
// Signed in a minute ago: no activity stamp needed yet (lib/session/activity.ts).
const signingIn: Session = {
  status: "signing-in",
  sub: "sub-9",
  username: "abc123",
  email: "borrower@example.com",
  authTime: Math.floor(Date.now() / 1000) - 60,
};
const loadFrontend = {
  flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false },
  documents: [],
  applicationStep: "loanDetails",
  appInfo: {
    amountAppliedFor: 4000,
    directDepositConfirmed: false,
    evolveConsent: true,
    offer: null,
    prequalification: null,
    rejectionReason: null,
    primary_email: "borrower@example.com",
  },
  loanInfo: null,
};

let calls: { url: string; headers: Headers; body: string }[];
const realFetch = global.fetch;
beforeEach(() => {
  calls = [];
  session.mockResolvedValue(signingIn);
  idToken.mockResolvedValue("header.payload.signature");
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input instanceof Request ? input.url : input),
      headers: new Headers(init?.headers),
      body: String(init?.body ?? ""),
    });
    return new Response(JSON.stringify({ data: { loadFrontend } }), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});

async function post(env: Record<string, string>) {
  let route!: typeof import("./route");
  await jest.isolateModulesAsync(async () => {
    Object.assign(process.env, env);
    route = await import("./route");
  });
  return route.POST(new NextRequest("http://localhost:3000/api/session/claims", { method: "POST" }));
}

describe("POST /api/session/claims against the API", () => {
  it("sends the user's own ID token raw in Authorization (no Bearer, no API key) to the configured API", async () => {
    const res = await post({ APP_ENV: "local", APP_URL: "http://localhost:3000" });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("http://localhost:3000/api/local/graphql");
    expect(calls[0]!.headers.get("authorization")).toBe("header.payload.signature");
    expect(calls[0]!.headers.get("x-api-key")).toBeNull();
    expect(JSON.parse(calls[0]!.body).query).toContain("loadFrontend");
  });

  it("writes an HttpOnly, SameSite=Lax claims cookie for 15 minutes on /, not Secure over plain http", async () => {
    const res = await post({ APP_ENV: "local", APP_URL: "http://localhost:3000" });
    const header = res.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^shell_claims=[^;]+;/);
    expect(header).toContain("Path=/");
    expect(header).toContain("Max-Age=900");
    expect(header).toContain("HttpOnly");
    expect(header.toLowerCase()).toContain("samesite=lax");
    expect(header).not.toContain("Secure");
    const value = res.cookies.get("shell_claims")!.value;
    expect(await readClaims(value, SECRET, "sub-9")).toMatchObject({ step: "loanDetails", loanState: "in-progress" });
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    const res = await post({ APP_ENV: "local", APP_URL: "https://shell.example" });
    expect(res.headers.get("set-cookie")).toContain("Secure");
  });
});
