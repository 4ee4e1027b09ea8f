import { defineConfig, devices } from "@playwright/test";

import { HOSTED_PORT, WORKER_SLOT, slotPorts } from "./e2e/servers";

/**
 * e2e against `node scripts/start.mjs` of the production build (run `npm run build` first; `npm
 * test` does), on two workers. Each worker has its own servers (e2e/servers.ts: the local default
 * with stand-ins and in-app sign-in, and the short-OTP one), started by e2e/servers.setup.ts; one
 * hosted server, whose hosts are overridden at start, checks the Location headers an operator sees.
 * This file is evaluated in every worker too, so the ports below are that worker's own.
 */
// E2E_PORT_BASE lets several checkouts run their suites side by side on one machine.
export { HOSTED_PORT };
export const LOCAL_PORT = slotPorts(WORKER_SLOT).local;
/** The local default again, with sign-in codes that expire quickly and a clock the test moves forward (e2e/auth-expiry.spec.ts). */
export const SHORT_OTP_PORT = slotPorts(WORKER_SLOT).shortOtp;
export const SHORT_OTP_TTL_SECONDS = 5;
/** Identity token lifetime on the short-OTP server, so a test can wait out a real expiry (e2e/returning-user.spec.ts). */
export const SHORT_TOKEN_TTL_SECONDS = 20;
/** A server whose calls to its services pass through the fault proxy; each spec file that uses it starts and stops it (faultServerForFile). */
export const FAULTS_PORT = slotPorts(WORKER_SLOT).faults;
export const HOSTED_OVERRIDES = {
  DASHBOARD_APP_URL: "https://dashboard.override.test",
  LENDING_APP_URL: "https://lending.override.test",
  MARKETING_SITE_URL: "https://marketing.override.test",
};

/** Debian's chromium, as every browser of the suites and benchmarks launches it (bench/vitals.bench.ts too). */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  // Files are spread over the workers; a file's tests stay together, in order, in one worker.
  fullyParallel: false,
  // Against BASE_URL (a deployment, the balancer) there is one set of servers, shared: one worker.
  workers: process.env.BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI, reported as flaky: a shared 2-core machine can stall a browser step.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  globalSetup: "./e2e/servers.setup.ts",
  globalTeardown: "./e2e/log-scan.teardown.ts",
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${LOCAL_PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // The test command runs the lending journey through the balancer (scripts/multi-instance), not here too.
      testIgnore: process.env.E2E_JOURNEY_AT_BALANCER === "1" ? ["**/lending-journey.spec.ts"] : [],
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
    // Every route × every seeded persona against the local server (tools/check-routes); BASE_URL points it elsewhere.
    {
      name: "routes",
      testDir: "./tools/check-routes",
      testMatch: "routes.pw.ts",
      use: { baseURL: process.env.BASE_URL ?? `http://127.0.0.1:${LOCAL_PORT}` },
    },
    // A few pages with a clean console; scripts/standalone-smoke.sh points it at the standalone layout with BASE_URL.
    { name: "smoke", testDir: "./e2e/smoke", testMatch: "smoke.pw.ts", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
  ],
});
