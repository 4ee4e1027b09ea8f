import { type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { HOSTED_PORT, LOCAL_PORT } from "../playwright.config";
import { ROUTE_TABLE } from "../lib/routing/route-table";
import { samplePath } from "../lib/routing/testing/visitors";
import { IN_APP_PAGES, PersonaSessions, openInAppPage } from "./in-app-pages";

/**
 * Every response the shell sends carries the security headers (issue 13): each route of the table
 * (anonymous and signed in, locally and hosted), the API routes, files from public/, the not-found
 * page and a malformed path. Then every in-app page renders under its policy with no violation.
 */

const LOCAL = `http://127.0.0.1:${LOCAL_PORT}`;
const HOSTED = `http://127.0.0.1:${HOSTED_PORT}`;

type Kind = "page" | "api" | "asset";

const API_ROUTES: Array<[string, string, string?]> = [
  ["GET", "/api/session/claims"],
  ["POST", "/api/session/claims"],
  ["POST", "/api/session/sign-out"],
  ["POST", "/api/local/cognito"],
  ["GET", "/api/local/cognito/us-east-1_localpool/.well-known/jwks.json"],
  ["POST", "/api/local/graphql"],
  ["GET", "/api/local/outbox?format=json"],
  ["GET", "/api/local/outbox"],
  ["POST", "/api/local/clock"],
  ["POST", "/api/local/algolia/1/indexes/*/queries"],
  ["GET", "/api/local/apps/dashboard/"],
  ["GET", "/api/local/esign/sign/not-a-signature"],
  ["GET", "/api/local/documents/x/signed-contract-x.pdf?expires=1&signature=00"],
  ["GET", "/api/no-such-route"],
];

function check(res: APIResponse, kind: Kind, hosted: boolean, what: string) {
  const h = res.headers();
  expect.soft(h["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
  expect.soft(h["referrer-policy"], `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect.soft(h["permissions-policy"], `${what}: Permissions-Policy`).toMatch(/camera=\(\).*microphone=\(\)/);
  // The local e-signature page names its framer in its own policy (X-Frame-Options cannot name another origin).
  if (!hosted && what.includes("/api/local/esign/")) expect.soft(h["x-frame-options"], `${what}: no X-Frame-Options`).toBeUndefined();
  else expect.soft(h["x-frame-options"], `${what}: X-Frame-Options`).toMatch(/^(DENY|SAMEORIGIN)$/);
  const csp = h["content-security-policy"] ?? "";
  // API data has no policy of its own; an HTML answer (pages, the stand-ins' pages, files) does.
  if (kind !== "api" || /html/.test(h["content-type"] ?? "")) {
    expect.soft(csp, `${what}: a Content-Security-Policy`).toMatch(/frame-ancestors ('self'|'none'|http)/);
  }
  if (hosted) expect.soft(h["strict-transport-security"], `${what}: HSTS outside local`).toMatch(/max-age=\d{7,}/);
  else expect.soft(h["strict-transport-security"], `${what}: no HSTS locally`).toBeUndefined();
  if (kind === "page") {
    expect.soft(csp, `${what}: scripts by nonce`).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect.soft(csp, `${what}: frame-ancestors 'self'`).toContain("frame-ancestors 'self'");
    expect.soft(csp, `${what}: no unsafe-inline scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect.soft(csp, `${what}: no unsafe-eval in a production build`).not.toContain("'unsafe-eval'");
    expect.soft(csp, `${what}: object-src 'none'`).toContain("object-src 'none'");
  }
  if (kind !== "asset") expect.soft(h["cache-control"], `${what}: Cache-Control no-store`).toContain("no-store");
}

async function get(request: APIRequestContext, method: string, url: string): Promise<APIResponse> {
  return request.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false, ...(method === "POST" ? { data: {} } : {}) });
}

for (const [name, origin, hosted] of [
  ["local default", LOCAL, false],
  ["hosted", HOSTED, true],
] as const) {
  test(`every route of the table, anonymous, ${name}`, async ({ request }) => {
    for (const row of ROUTE_TABLE) {
      const path = samplePath(row.pattern);
      check(await get(request, "GET", origin + path), "page", hosted, `GET ${path}`);
    }
    check(await get(request, "GET", `${origin}/no-such-page`), "page", hosted, "the not-found page");
    check(await get(request, "GET", `${origin}/%E0%A4%A`), "page", hosted, "a malformed path");
    check(await get(request, "HEAD", `${origin}/login`), "page", hosted, "HEAD /login");
  });

  test(`the API routes and public files, ${name}`, async ({ request }) => {
    for (const [method, path] of API_ROUTES) check(await get(request, method, origin + path), "api", hosted, `${method} ${path}`);
    for (const path of ["/documents/esign-consent.pdf", "/images/gift-card-50.svg"])
      check(await get(request, "GET", origin + path), "asset", hosted, `GET ${path}`);
  });
}

test("every route of the table, signed in: redirects that depend on the session are not stored", async ({ browser }) => {
  const sessions = new PersonaSessions(browser);
  const context = await sessions.context("borrower@example.com", { width: 1280, height: 800 });
  for (const row of ROUTE_TABLE) {
    const path = samplePath(row.pattern);
    const res = await get(context.request, "GET", LOCAL + path);
    check(res, "page", false, `GET ${path} signed in`);
  }
  await context.close();
});

test("the e-signature stand-in may be framed by the app, and nothing else of the API may", async ({ request }) => {
  // The signing page names the app as its only framer in its own policy; X-Frame-Options cannot name
  // another origin, and the app frames it from its other loopback name (cross-site, as the provider).
  const esign = await get(request, "GET", `${LOCAL}/api/local/esign/editor/embeddedSign?signature_id=x`);
  expect(esign.headers()["x-frame-options"]).toBeUndefined();
  expect(esign.headers()["content-security-policy"]).toContain(`frame-ancestors ${LOCAL}`);
  const outbox = await get(request, "GET", `${LOCAL}/api/local/outbox`);
  expect(outbox.headers()["x-frame-options"]).toBe("DENY");
  const login = await get(request, "GET", `${LOCAL}/login`);
  expect(login.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  // One nonce per response: a nonce that repeats is no nonce.
  const again = await get(request, "GET", `${LOCAL}/login`);
  const nonce = (r: APIResponse) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce(login)).toBeTruthy();
  expect(nonce(again)).not.toBe(nonce(login));
  // Next stamps its own scripts with the response's nonce.
  const html = await login.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => !s.includes(`nonce="${nonce(login)}"`) && !/type="application\/(ld\+)?json"/.test(s))).toEqual([]);
});

test.describe("every in-app page renders under its policy with no violation", () => {
  let sessions: PersonaSessions;
  test.beforeAll(({ browser }) => {
    sessions = new PersonaSessions(browser);
  });
  for (const entry of IN_APP_PAGES) {
    test(entry.name, async () => {
      const violations: string[] = [];
      const page = await openInAppPage(
        sessions,
        {
          ...entry,
          prepare: async (p) => {
            p.on("console", (m) => {
              if (/Content[ -]Security[ -]Policy/i.test(m.text())) violations.push(m.text());
            });
            await entry.prepare?.(p);
          },
        },
        { width: 1280, height: 800 },
      );
      await page.waitForLoadState("load");
      expect(violations).toEqual([]);
      await page.context().close();
    });
  }
});
