/**
 * Middleware is not the only gate: the dashboard layout and dashboard-sign's server action read the
 * session again from the request's cookies, with real tokens checked against a real JWKS endpoint.
 * A foreign or expired identity never sees the page and never reaches the API.
 */
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { startTokenKit, TEST_CLIENT_ID, type TokenKit } from "@/lib/session/testing/token-kit";

let jar = new Map<string, string>();
jest.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  // The session is read from the raw Cookie header (a name sent twice is refused, never read last-wins).
  headers: async () => new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") }),
}));
jest.mock("server-only", () => ({}));
jest.mock("next/server", () => ({ ...jest.requireActual("next/server"), connection: async () => undefined }));

let kit: TokenKit;
let DashboardLayout: (props: { children: ReactNode }) => Promise<ReactElement>;
let RootLayout: (props: { children: ReactNode }) => Promise<ReactElement>;
let requestSigningUrl: typeof import("./dashboard-sign/actions").requestSigningUrl;
const apiCalls: string[] = [];
const realFetch = global.fetch;

beforeAll(async () => {
  kit = await startTokenKit();
  Object.assign(process.env, {
    APP_ENV: "local",
    APP_URL: "http://localhost:3000",
    COGNITO_ISSUER: kit.issuer,
    COGNITO_JWKS_URL: kit.jwksUrl,
  });
  DashboardLayout = (await import("./layout")).default as typeof DashboardLayout;
  RootLayout = (await import("../layout")).default as typeof RootLayout;
  ({ requestSigningUrl } = await import("./dashboard-sign/actions"));
  // Only the JWKS endpoint may be fetched; anything else would be a call to the API.
  global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(kit.jwksUrl.split("/us-east-1")[0]!)) return realFetch(input, init);
    apiCalls.push(url);
    // The stand-in signs under the app's other loopback name (esignStandInOrigin).
    return new Response(JSON.stringify({ data: { counters: "http://127.0.0.1:3000/api/local/esign/editor/embeddedSign?x=1" } }), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
});
afterAll(async () => {
  global.fetch = realFetch;
  await kit.stop();
});
beforeEach(() => {
  apiCalls.length = 0;
});

async function signIn(as: { expiresIn?: number; key?: "mine" | "foreign"; audience?: string }) {
  const username = "abc123";
  jar = new Map([
    [`CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.LastAuthUser`, username],
    [
      `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.${username}.idToken`,
      await kit.idToken({ username, sub: "00000000-0000-4000-8000-000000000011", ...as }),
    ],
  ]);
}

/** Whether `needle` appears anywhere in the element tree `node` describes (without rendering client components). */
function contains(node: unknown, needle: unknown): boolean {
  if (node === needle) return true;
  if (Array.isArray(node)) return node.some((n) => contains(n, needle));
  if (isValidElement(node)) return contains((node.props as { children?: unknown }).children, needle);
  return false;
}

const PAGE = <p>the page itself</p>;

describe("the dashboard layout checks the session again", () => {
  it("renders the page for a valid identity", async () => {
    await signIn({});
    expect(contains(await DashboardLayout({ children: PAGE }), PAGE)).toBe(true);
  });

  it.each([
    ["no identity at all", null],
    ["an expired identity token", { expiresIn: -5 }],
    ["a token signed by a foreign key", { key: "foreign" as const }],
    ["a token for another app client", { audience: "someoneelsesclient000000000" }],
  ])("renders only the sign-in notice for %s", async (_name, as) => {
    if (as) await signIn(as);
    else jar = new Map();
    const tree = await DashboardLayout({ children: PAGE });
    expect(contains(tree, PAGE)).toBe(false);
  });
});

/** Whether an element of type `type` appears in the element tree `node` describes. */
function hasType(node: unknown, type: unknown): boolean {
  if (Array.isArray(node)) return node.some((n) => hasType(n, type));
  if (isValidElement(node)) return node.type === type || hasType((node.props as { children?: unknown }).children, type);
  return false;
}

describe("the session keepers (issues 13 and 25)", () => {
  it("every signed-in page signs out when idle (the root layout's), and the dashboard loads missing claims only while they are missing", async () => {
    const { IdleSignOut } = await import("@/components/auth/idle-sign-out");
    const { LoadMissingClaims } = await import("@/components/auth/load-missing-claims");
    const { signClaims, CLAIMS_COOKIE } = await import("@/lib/session/claims");
    const { serverConfig } = await import("@/lib/config/env");
    const keepers = async () => [
      hasType(await RootLayout({ children: PAGE }), IdleSignOut),
      hasType(await DashboardLayout({ children: PAGE }), LoadMissingClaims),
    ];

    await signIn({}); // an identity, no claims cookie: still signing in
    expect(await keepers()).toEqual([true, true]);

    const sub = "00000000-0000-4000-8000-000000000011";
    const claims = {
      sub,
      step: "activeLoan",
      loanState: "originated" as const,
      directDepositConfirmed: true,
      offerStage: null,
      emailDomain: "lender.example",
      flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: false },
      payoutDate: null,
      evolveConsent: true,
    };
    jar.set(CLAIMS_COOKIE, await signClaims(claims, serverConfig().sessionSecret));
    expect(await keepers()).toEqual([true, false]);

    // Not mounted twice: the dashboard layout leaves it to the root.
    expect(hasType(await DashboardLayout({ children: PAGE }), IdleSignOut)).toBe(false);

    jar = new Map();
    expect(await keepers()).toEqual([false, false]);
    await signIn({ expiresIn: -5 });
    expect(await keepers()).toEqual([false, false]);
  });
});

describe("dashboard-sign's server action checks the session again", () => {
  it("asks the API for a signing URL with a valid identity", async () => {
    await signIn({});
    const result = await requestSigningUrl("sig-dd-a10011");
    expect(result.ok).toBe(true);
    expect(apiCalls).toEqual(["http://localhost:3000/api/local/graphql"]);
  });

  it.each([
    ["an expired identity token", { expiresIn: -5 }],
    ["a token signed by a foreign key", { key: "foreign" as const }],
  ])("answers signed-out for %s, and the API is never called", async (_name, as) => {
    await signIn(as);
    expect(await requestSigningUrl("sig-dd-a10011")).toEqual({ ok: false, reason: "signed-out" });
    expect(apiCalls).toEqual([]);
  });
});
