/**
 * A stalled upstream never holds a request open: every call to the GraphQL API, and every call to
 * Cognito, made by the server gives up after its configured limit (GRAPHQL_TIMEOUT_MS,
 * COGNITO_TIMEOUT_MS; lib/config/timeouts.ts), and the visitor gets the page's own "try again"
 * answer: a server action's "failed", a page's "couldn't load" notice, a fail-closed session.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { startTokenKit, TEST_CLIENT_ID, type TokenKit } from "@/lib/session/testing/token-kit";

let jar = new Map<string, string>();
jest.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  // The session is read from the raw Cookie header (a name sent twice is refused, never read last-wins).
  headers: async () => new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") }),
}));
jest.mock("server-only", () => ({}));

jest.setTimeout(20_000);

const LIMIT_MS = 400;
/** Generous slack for a loaded CI machine; without a timeout these calls never end at all. */
const WITHIN_MS = LIMIT_MS + 2500;

let kit: TokenKit;
let stalled: { url: string; requests: () => number; close: () => Promise<void> };

/** Accepts every request and never answers it: an API or identity service that hangs. */
async function startStalledServer(): Promise<typeof stalled> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server: Server = createServer(() => {
    requests++;
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

beforeAll(async () => {
  kit = await startTokenKit();
  stalled = await startStalledServer();
  Object.assign(process.env, {
    APP_ENV: "local",
    APP_URL: "http://localhost:3000",
    COGNITO_ISSUER: kit.issuer,
    COGNITO_JWKS_URL: kit.jwksUrl,
    GRAPHQL_URL: `${stalled.url}/graphql`,
    GRAPHQL_TIMEOUT_MS: String(LIMIT_MS),
    COGNITO_TIMEOUT_MS: String(LIMIT_MS),
    COGNITO_ENDPOINT: stalled.url,
  });
  // What the server logs on each failure (no personal data) is not this test's subject.
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  const username = "abc123";
  jar = new Map([
    [`CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.LastAuthUser`, username],
    [
      `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.${username}.idToken`,
      await kit.idToken({ username, sub: "00000000-0000-4000-8000-000000000011" }),
    ],
  ]);
});
afterAll(async () => {
  await stalled.close();
  await kit.stop();
});

describe("a GraphQL API that never answers", () => {
  it("ends a signed-in server action in its 'failed' answer within the limit", async () => {
    const { requestSigningUrl } = await import("./dashboard-sign/actions");
    const before = stalled.requests();
    const { value, ms } = await timed(() => requestSigningUrl("sig-dd-a10011"));
    expect(value).toEqual({ ok: false, reason: "failed" });
    expect(stalled.requests()).toBe(before + 1);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it("ends a public lookup (API key) in its 'failed' answer within the limit", async () => {
    const { checkIslandAction } = await import("./employment/actions");
    const { value, ms } = await timed(() => checkIslandAction("1002"));
    expect(value).toEqual({ ok: false, reason: "failed" });
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it("renders a page's 'couldn't load, reload in a moment' notice within the limit, not an error", async () => {
    const { default: EmploymentRoute } = await import("./employment/page");
    const { value, ms } = await timed(() => EmploymentRoute() as Promise<ReactElement>);
    expect(renderToStaticMarkup(value)).toContain("Please reload the page in a moment.");
    expect(ms).toBeLessThan(WITHIN_MS);
  });
});

describe("a Cognito that never answers", () => {
  it("says 'not checkable yet' within the limit when the key set cannot be fetched (verifying, not signed out: issue 44)", async () => {
    const { createIdTokenVerifier } = await import("@/lib/session/id-token");
    const verify = createIdTokenVerifier({
      issuer: kit.issuer,
      jwksUrl: `${stalled.url}/us-east-1_stalled/.well-known/jwks.json`,
      clientId: TEST_CLIENT_ID,
      timeoutMs: LIMIT_MS,
    });
    const token = await kit.idToken({ username: "abc123", sub: "00000000-0000-4000-8000-000000000011" });
    const { KeySetUnavailableError } = await import("@/lib/session/key-set");
    const { value, ms } = await timed(() =>
      verify(token).then(
        () => "verified",
        (error: unknown) => error,
      ),
    );
    expect(value).toBeInstanceOf(KeySetUnavailableError);
    expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs);
  });

  it("gives up revoking the refresh token at sign-out within the configured limit, each of its two tries bounded", async () => {
    const { POST } = await import("@/app/api/session/sign-out/route");
    const { NextRequest } = await import("next/server");
    const before = stalled.requests();
    const request = new NextRequest("http://localhost:3000/api/session/sign-out", {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        cookie: `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.LastAuthUser=abc123; CognitoIdentityServiceProvider.${TEST_CLIENT_ID}.abc123.refreshToken=r1`,
      },
    });
    const { value, ms } = await timed(() => POST(request));
    expect(value.status).toBe(303);
    // RevokeToken, tried again once (lib/session/revoke.ts); no access token here, so no GlobalSignOut.
    expect(stalled.requests()).toBe(before + 2);
    // The configured limit twice, under the 2 s default.
    expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs);
  });
});
