import { type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { HOSTED_PORT, LOCAL_PORT } from "../playwright.config";
import { ROUTE_TABLE } from "../lib/routing/route-table";
import { samplePath } from "../lib/routing/testing/visitors";
import { expectSecurityHeaders, type AnswerKind } from "./fixtures/security-headers";
import { PersonaSessions } from "./in-app-pages";

/**
 * Every response the shell sends carries the security headers (issue 13): each route of the table
 * (anonymous and signed in, locally and hosted), the API routes, files from public/, the not-found
 * page and a malformed path. Every in-app page state's own document, and its rendering with no
 * violation, are checked on its visit (e2e/in-app-pages.spec.ts).
 */

const LOCAL = `http://127.0.0.1:${LOCAL_PORT}`;
const HOSTED = `http://127.0.0.1:${HOSTED_PORT}`;

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

function check(res: APIResponse, kind: AnswerKind, hosted: boolean, what: string) {
  expectSecurityHeaders(res.headers(), kind, hosted, what);
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
