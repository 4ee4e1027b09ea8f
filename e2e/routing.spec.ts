import { expect, test, type APIRequestContext } from "@playwright/test";
import { HOSTED_OVERRIDES, HOSTED_PORT, LOCAL_PORT } from "../playwright.config";
import { decide } from "../lib/routing/decide";
import { PARTNER_TAGS, ROUTE_TABLE } from "../lib/routing/route-table";
import { samplePath } from "../lib/routing/testing/visitors";
import type { RoutingEnvironment } from "../lib/routing/types";

const LOCAL = `http://127.0.0.1:${LOCAL_PORT}`;
const HOSTED = `http://127.0.0.1:${HOSTED_PORT}`;

const localEnv: RoutingEnvironment = {
  hosts: {
    dashboard: `${LOCAL}/api/local/apps/dashboard`,
    lending: `${LOCAL}/api/local/apps/lending`,
    marketing: `${LOCAL}/api/local/apps/marketing`,
  },
  signInInApp: true,
};
const hostedEnv: RoutingEnvironment = {
  hosts: { dashboard: HOSTED_OVERRIDES.DASHBOARD_APP_URL, lending: HOSTED_OVERRIDES.LENDING_APP_URL, marketing: HOSTED_OVERRIDES.MARKETING_SITE_URL },
  signInInApp: false,
};

async function head(request: APIRequestContext, url: string) {
  const res = await request.get(url, { maxRedirects: 0 });
  return { status: res.status(), location: res.headers()["location"] ?? null, reason: res.headers()["x-route-decision"] ?? null };
}

/** What the pure function says an anonymous visitor should get, as the server would send it. */
function expected(path: string, env: RoutingEnvironment, origin: string) {
  const decision = decide({ pathname: path, search: "", session: { status: "anonymous" }, env, now: Date.now() });
  if (decision.kind === "redirect") return { status: decision.status, location: new URL(decision.location, origin).toString() };
  return { status: decision.kind === "not-found" ? 404 : 200, location: null };
}

for (const [name, origin, env] of [["local default", LOCAL, localEnv], ["hosted, hosts overridden at start", HOSTED, hostedEnv]] as const) {
  test.describe(`anonymous visitors, ${name}`, () => {
    for (const row of ROUTE_TABLE) {
      const path = samplePath(row.pattern);
      test(`${path}`, async ({ request }) => {
        const want = expected(path, env, origin);
        const got = await head(request, origin + path);
        expect(got.status).toBe(want.status);
        if (want.location) expect(got.location && new URL(got.location, origin).toString()).toBe(want.location);
        expect(got.reason).toContain(row.id);
      });
    }
  });
}

test.describe("hosted environment: Location headers carry the hosts given at start", () => {
  const cases: Array<[string, string]> = [
    ["/", `${HOSTED_OVERRIDES.DASHBOARD_APP_URL}/`],
    ["/?utm=1&redirect=%2Fpayments", `${HOSTED_OVERRIDES.DASHBOARD_APP_URL}/?utm=1`],
    ["/employerRequest", `${HOSTED_OVERRIDES.LENDING_APP_URL}/apply`],
    ["/landing/teachers", `${HOSTED_OVERRIDES.MARKETING_SITE_URL}/for/teachers`],
    ["/login?redirect=%2Fpayments", `${HOSTED_OVERRIDES.DASHBOARD_APP_URL}/login?redirect=%2Fpayments`],
    ["/login?redirect=%2F%2Fevil.example", `${HOSTED_OVERRIDES.DASHBOARD_APP_URL}/login`],
    ["/payments", "/register?redirect=%2Fpayments"],
    ["/dashboard?counters=abc", "/login?redirect=%2Fdashboard%3Fcounters%3Dabc"],
  ];
  for (const [path, location] of cases) {
    test(`${path} → ${location}`, async ({ request }) => {
      const got = await head(request, HOSTED + path);
      expect(got.status).toBe(307);
      expect(got.location).toBe(location.startsWith("/") ? location : location);
    });
  }
});

test.describe("partner pages carry their tags", () => {
  for (const [path, tag] of Object.entries(PARTNER_TAGS)) {
    test(`${path} → ${tag ?? "no tag"}`, async ({ request }) => {
      const hosted = await head(request, `${HOSTED}${path}?utm_source=flyer`);
      const url = new URL(hosted.location!);
      expect(url.origin + url.pathname).toBe(`${HOSTED_OVERRIDES.DASHBOARD_APP_URL}/register`);
      expect(url.searchParams.get("partner")).toBe(tag);
      expect(url.searchParams.get("utm_source")).toBe("flyer");
      const local = await head(request, `${LOCAL}${path.toUpperCase()}/`);
      const localUrl = new URL(local.location!, LOCAL);
      expect(localUrl.pathname).toBe("/register");
      expect(localUrl.searchParams.get("partner")).toBe(tag);
    });
  }
});

test.describe("the not-found page", () => {
  for (const path of ["/no-such-page", "/dashboardxyz", "/apply%2FloanDetails"]) {
    test(`${path} shows it with a 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Ooops! Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
    });
  }
  test("malformed encoding is a 400, not a crash", async ({ request }) => {
    for (const path of ["/%E0%A4%A", "/payments%", "/%ZZ"]) expect((await head(request, LOCAL + path)).status).toBe(400);
    expect((await head(request, `${LOCAL}/_restricted`)).status).toBe(200);
  });
});

test.describe("locally, a newcomer can see where each redirect lands", () => {
  test("a hosted-app redirect lands on a page that names it, unmistakably not the app", async ({ page }) => {
    await page.goto("/landing/teachers");
    expect(new URL(page.url()).pathname).toBe("/api/local/apps/marketing/for/teachers");
    await expect(page.locator("body")).toContainText(/not hosted locally/i);
    await expect(page.locator("body")).toContainText("/for/teachers");
  });
  test("the consent documents are real PDFs", async ({ request }) => {
    for (const path of ["/esign", "/tcpa"]) {
      const res = await request.get(LOCAL + path);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
});
