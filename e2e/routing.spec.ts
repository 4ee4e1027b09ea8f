import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { HOSTED_OVERRIDES, HOSTED_PORT, LOCAL_PORT } from "../playwright.config";
import { ROUTE_TABLE } from "../lib/routing/route-table";
import { samplePath } from "../lib/routing/testing/visitors";

const LOCAL = `http://127.0.0.1:${LOCAL_PORT}`;
const HOSTED = `http://127.0.0.1:${HOSTED_PORT}`;

async function head(request: APIRequestContext, url: string) {
  const res = await request.get(url, { maxRedirects: 0 });
  return { status: res.status(), location: res.headers()["location"] ?? null, reason: res.headers()["x-route-decision"] ?? null };
}

/**
 * What an anonymous visitor gets on each route, written by hand from SPEC sections 2 and 6 — never
 * computed by decide() or read from the route table. Columns: path; the local default's answer
 * ("200" for an in-app page, else the Location, same-origin paths relative); the answer of a hosted
 * environment whose app hosts are overridden at start; the decision reason (and the hosted one when
 * it differs). SPEC 6: protected routes send a visitor to /register with the target as `redirect`,
 * or to /login when the path includes contract or dashboard. SPEC 2: /login and /register pass
 * (in-app where sign-in is local) or go to the dashboard app's sign-in pages; partner pages carry
 * their partner tag; landing slugs go to the marketing site's /for/<slug>.
 */
const ANONYMOUS: ReadonlyArray<readonly [path: string, local: string, hosted: string, reason: string, hostedReason?: string]> = [
  ["/", "/api/local/apps/dashboard/", "https://dashboard.override.test/", "hosted"],
  ["/apply", "/register?redirect=%2Fapply", "/register?redirect=%2Fapply", "anonymous"],
  ["/apply/loanDetails", "/register?redirect=%2Fapply%2FloanDetails", "/register?redirect=%2Fapply%2FloanDetails", "anonymous"],
  ["/offer/directDeposit", "/register?redirect=%2Foffer%2FdirectDeposit", "/register?redirect=%2Foffer%2FdirectDeposit", "anonymous"],
  ["/directDeposit", "/register?redirect=%2FdirectDeposit", "/register?redirect=%2FdirectDeposit", "anonymous"],
  ["/offer/contract", "/login?redirect=%2Foffer%2Fcontract", "/login?redirect=%2Foffer%2Fcontract", "anonymous"],
  ["/contract", "/login?redirect=%2Fcontract", "/login?redirect=%2Fcontract", "anonymous"],
  ["/contractSigned", "/login?redirect=%2FcontractSigned", "/login?redirect=%2FcontractSigned", "anonymous"],
  ["/offer/congratulations", "/register?redirect=%2Foffer%2Fcongratulations", "/register?redirect=%2Foffer%2Fcongratulations", "anonymous"],
  ["/welcome", "/api/local/apps/marketing/", "https://marketing.override.test/", "hosted"],
  ["/healthcare", "/api/local/apps/marketing/for/healthcare", "https://marketing.override.test/for/healthcare", "hosted"],
  ["/federal", "/api/local/apps/marketing/for/federal", "https://marketing.override.test/for/federal", "hosted"],
  ["/government", "/api/local/apps/marketing/for/government", "https://marketing.override.test/for/government", "hosted"],
  ["/bad-credit", "/api/local/apps/marketing/for/bad-credit", "https://marketing.override.test/for/bad-credit", "hosted"],
  ["/personal-loans", "/api/local/apps/marketing/for/personal-loans", "https://marketing.override.test/for/personal-loans", "hosted"],
  ["/fast-loans", "/api/local/apps/marketing/for/fast-loans", "https://marketing.override.test/for/fast-loans", "hosted"],
  ["/law-enforcement", "/api/local/apps/marketing/for/law-enforcement", "https://marketing.override.test/for/law-enforcement", "hosted"],
  ["/teachers", "/api/local/apps/marketing/for/teachers", "https://marketing.override.test/for/teachers", "hosted"],
  ["/school-districts", "/api/local/apps/marketing/for/school-districts", "https://marketing.override.test/for/school-districts", "hosted"],
  ["/universities", "/api/local/apps/marketing/for/universities", "https://marketing.override.test/for/universities", "hosted"],
  ["/state-employees", "/api/local/apps/marketing/for/state-employees", "https://marketing.override.test/for/state-employees", "hosted"],
  ["/county-employees", "/api/local/apps/marketing/for/county-employees", "https://marketing.override.test/for/county-employees", "hosted"],
  ["/city-employees", "/api/local/apps/marketing/for/city-employees", "https://marketing.override.test/for/city-employees", "hosted"],
  ["/transit-workers", "/api/local/apps/marketing/for/transit-workers", "https://marketing.override.test/for/transit-workers", "hosted"],
  ["/firefighters", "/api/local/apps/marketing/for/firefighters", "https://marketing.override.test/for/firefighters", "hosted"],
  [
    "/childrens-hospital",
    "/api/local/apps/marketing/for/childrens-hospital",
    "https://marketing.override.test/for/childrens-hospital",
    "hosted",
  ],
  ["/landing/teachers", "/api/local/apps/marketing/for/teachers", "https://marketing.override.test/for/teachers", "hosted"],
  ["/employees", "/api/local/apps/marketing/employees", "https://marketing.override.test/employees", "hosted"],
  ["/employers", "/api/local/apps/marketing/employers", "https://marketing.override.test/employers", "hosted"],
  ["/compliance", "/api/local/apps/marketing/compliance", "https://marketing.override.test/compliance", "hosted"],
  ["/terms", "/api/local/apps/marketing/terms", "https://marketing.override.test/terms", "hosted"],
  ["/privacy", "/api/local/apps/marketing/privacy", "https://marketing.override.test/privacy", "hosted"],
  ["/FAQ", "/register?redirect=%2FFAQ", "/register?redirect=%2FFAQ", "anonymous"],
  ["/esign", "/documents/esign-consent.pdf", "/documents/esign-consent.pdf", "asset"],
  ["/tcpa", "/documents/tcpa-consent.pdf", "/documents/tcpa-consent.pdf", "asset"],
  ["/login", "200", "https://dashboard.override.test/login", "in-app", "sign-in-hosted"],
  ["/register", "200", "https://dashboard.override.test/register", "in-app", "sign-in-hosted"],
  ["/employerRequest", "/api/local/apps/lending/apply", "https://lending.override.test/apply", "hosted"],
  ["/not-approved", "/api/local/apps/lending/apply", "https://lending.override.test/apply", "hosted"],
  ["/nersubmitted", "/api/local/apps/lending/apply", "https://lending.override.test/apply", "hosted"],
  ["/_restricted", "200", "200", "in-app"],
  ["/leads", "/register", "https://dashboard.override.test/register", "alias", "sign-in-hosted"],
  [
    "/myeducationdiscount",
    "/register?partner=myEducationDiscount",
    "https://dashboard.override.test/register?partner=myEducationDiscount",
    "alias",
    "sign-in-hosted",
  ],
  [
    "/accessdevelopment",
    "/register?partner=accessDevelopment",
    "https://dashboard.override.test/register?partner=accessDevelopment",
    "alias",
    "sign-in-hosted",
  ],
  ["/youdecide", "/register?partner=youDecide", "https://dashboard.override.test/register?partner=youDecide", "alias", "sign-in-hosted"],
  ["/PerkSpot", "/register?partner=perkSpot", "https://dashboard.override.test/register?partner=perkSpot", "alias", "sign-in-hosted"],
  [
    "/PerksAtWork",
    "/register?partner=perksAtWork",
    "https://dashboard.override.test/register?partner=perksAtWork",
    "alias",
    "sign-in-hosted",
  ],
  ["/perks", "/register?partner=ebg", "https://dashboard.override.test/register?partner=ebg", "alias", "sign-in-hosted"],
  ["/LifeMart", "/register?partner=lifeMart", "https://dashboard.override.test/register?partner=lifeMart", "alias", "sign-in-hosted"],
  ["/freeway", "/register", "https://dashboard.override.test/register", "alias", "sign-in-hosted"],
  ["/BenefitHub", "/register?partner=benefitHub", "https://dashboard.override.test/register?partner=benefitHub", "alias", "sign-in-hosted"],
  ["/corestream", "/register?partner=coreStream", "https://dashboard.override.test/register?partner=coreStream", "alias", "sign-in-hosted"],
  ["/dashboard", "/login?redirect=%2Fdashboard", "/login?redirect=%2Fdashboard", "anonymous"],
  ["/dashboard-sign", "/login?redirect=%2Fdashboard-sign", "/login?redirect=%2Fdashboard-sign", "anonymous"],
  ["/AccountSettings", "/register?redirect=%2FAccountSettings", "/register?redirect=%2FAccountSettings", "anonymous"],
  ["/uploadHub", "/register?redirect=%2FuploadHub", "/register?redirect=%2FuploadHub", "anonymous"],
  ["/upload", "/register?redirect=%2Fupload", "/register?redirect=%2Fupload", "anonymous"],
  ["/education", "/register?redirect=%2Feducation", "/register?redirect=%2Feducation", "anonymous"],
  ["/hotline", "/register?redirect=%2Fhotline", "/register?redirect=%2Fhotline", "anonymous"],
  ["/servicing", "/register?redirect=%2Fservicing", "/register?redirect=%2Fservicing", "anonymous"],
  ["/verifications", "/register?redirect=%2Fverifications", "/register?redirect=%2Fverifications", "anonymous"],
  ["/review", "/register?redirect=%2Freview", "/register?redirect=%2Freview", "anonymous"],
  ["/payments", "/register?redirect=%2Fpayments", "/register?redirect=%2Fpayments", "anonymous"],
  ["/statements", "/register?redirect=%2Fstatements", "/register?redirect=%2Fstatements", "anonymous"],
  ["/PaymentSettings", "/register?redirect=%2FPaymentSettings", "/register?redirect=%2FPaymentSettings", "anonymous"],
  ["/loan", "/register?redirect=%2Floan", "/register?redirect=%2Floan", "anonymous"],
  ["/support", "/register?redirect=%2Fsupport", "/register?redirect=%2Fsupport", "anonymous"],
  ["/referral", "/register?redirect=%2Freferral", "/register?redirect=%2Freferral", "anonymous"],
  ["/payrollLink", "/register?redirect=%2FpayrollLink", "/register?redirect=%2FpayrollLink", "anonymous"],
  ["/personal", "/register?redirect=%2Fpersonal", "/register?redirect=%2Fpersonal", "anonymous"],
  ["/employment", "/register?redirect=%2Femployment", "/register?redirect=%2Femployment", "anonymous"],
  ["/bank", "/register?redirect=%2Fbank", "/register?redirect=%2Fbank", "anonymous"],
  // Plaid's OAuth return (issue 25): a protected in-app page like /bank.
  ["/bank/oauth", "/register?redirect=%2Fbank%2Foauth", "/register?redirect=%2Fbank%2Foauth", "anonymous"],
  ["/applicationBlocked", "/register?redirect=%2FapplicationBlocked", "/register?redirect=%2FapplicationBlocked", "anonymous"],
  ["/restricted", "/register?redirect=%2Frestricted", "/register?redirect=%2Frestricted", "anonymous"],
  ["/under-construction", "/register?redirect=%2Funder-construction", "/register?redirect=%2Funder-construction", "anonymous"],
  ["/wait-load-redirect", "/register?redirect=%2Fwait-load-redirect", "/register?redirect=%2Fwait-load-redirect", "anonymous"],
];

test("every route of the table has a hand-written expectation (coverage only)", () => {
  const written = new Set(ANONYMOUS.map(([path]) => path));
  expect(ROUTE_TABLE.map((row) => samplePath(row.pattern)).filter((path) => !written.has(path))).toEqual([]);
});

for (const [name, origin, column] of [
  ["local default", LOCAL, 1],
  ["hosted, hosts overridden at start", HOSTED, 2],
] as const) {
  test.describe(`anonymous visitors, ${name}`, () => {
    for (const row of ANONYMOUS) {
      const [path] = row;
      const want = row[column];
      const reason = column === 2 ? (row[4] ?? row[3]) : row[3];
      test(`${path} → ${want}`, async ({ request }) => {
        const got = await head(request, origin + path);
        if (want === "200") {
          expect(got.status).toBe(200);
          expect(got.location).toBeNull();
        } else {
          expect(got.status).toBe(307);
          expect(got.location && new URL(got.location, origin).toString()).toBe(new URL(want, origin).toString());
        }
        expect(got.reason?.endsWith(`:${reason}`)).toBe(true);
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
  // SPEC 2's partner pages and their tags, literally (freeway and leads carry none).
  const PARTNER_PAGES: Record<string, string | null> = {
    "/leads": null,
    "/myeducationdiscount": "myEducationDiscount",
    "/accessdevelopment": "accessDevelopment",
    "/youdecide": "youDecide",
    "/PerkSpot": "perkSpot",
    "/PerksAtWork": "perksAtWork",
    "/perks": "ebg",
    "/LifeMart": "lifeMart",
    "/freeway": null,
    "/BenefitHub": "benefitHub",
    "/corestream": "coreStream",
  };
  for (const [path, tag] of Object.entries(PARTNER_PAGES)) {
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
