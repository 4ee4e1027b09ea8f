import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/**
 * e2e against `next start` of the production build (run `npm run build` first; `npm test` does).
 * Two servers: the local default (stand-ins, in-app sign-in) and a hosted environment whose
 * hosts are overridden at start, to check the Location headers an operator would see.
 */
// E2E_PORT_BASE lets several checkouts run their suites side by side on one machine.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const LOCAL_PORT = PORT_BASE;
export const HOSTED_PORT = PORT_BASE + 1;
/** The local default again, with sign-in codes that expire quickly and a clock the test moves forward (e2e/auth-expiry.spec.ts). */
export const SHORT_OTP_PORT = PORT_BASE + 2;
export const SHORT_OTP_TTL_SECONDS = 5;
/** Identity token lifetime on the short-OTP server, so a test can wait out a real expiry (e2e/returning-user.spec.ts). */
export const SHORT_TOKEN_TTL_SECONDS = 20;
/** A server whose calls to its services pass through the fault proxy; e2e/faults.spec.ts starts and stops it. */
export const FAULTS_PORT = PORT_BASE + 3;
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
  fullyParallel: false,
  workers: 1,
  // One retry in CI, reported as flaky: a shared 2-core machine can stall a browser step.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  globalTeardown: "./e2e/log-scan.teardown.ts",
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${LOCAL_PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
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
  webServer: [
    {
      // A fresh embedded database per run, so personas start in their seeded state.
      // The output goes to a file (not the test log): e2e/log-scan.teardown.ts checks it for every personal value the suite typed.
      command: `rm -rf data/e2e && mkdir -p data/e2e && node scripts/start.mjs -p ${LOCAL_PORT} -H 127.0.0.1 2>&1 | tee data/e2e/server.log`,
      url: `http://127.0.0.1:${LOCAL_PORT}/api/local/outbox?format=json`,
      reuseExistingServer: false,
      // Seeding the 100,000-employer directory before Ready takes a while on a busy 2-core machine.
      timeout: 300_000,
      env: { APP_ENV: "local", LOCAL_DATA_DIR: "data/e2e/pglite", LOCAL_OTP_CODE: "" },
    },
    {
      command: `rm -rf data/e2e-short-otp && mkdir -p data/e2e-short-otp && node scripts/start.mjs -p ${SHORT_OTP_PORT} -H 127.0.0.1 2>&1 | tee data/e2e-short-otp/server.log`,
      url: `http://127.0.0.1:${SHORT_OTP_PORT}/api/local/outbox?format=json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        APP_ENV: "local",
        LOCAL_DATA_DIR: "data/e2e-short-otp/pglite",
        LOCAL_OTP_CODE: "",
        LOCAL_OTP_TTL_SECONDS: String(SHORT_OTP_TTL_SECONDS),
        LOCAL_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_TTL_SECONDS),
        LOCAL_CLOCK_CONTROL: "1",
        LOCAL_EMPLOYER_DIRECTORY_SIZE: "0",
      },
    },
    {
      command: `node scripts/start.mjs -p ${HOSTED_PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${HOSTED_PORT}/_restricted`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        APP_ENV: "staging",
        COGNITO_USER_POOL_ID: "us-east-1_e2eStaging",
        COGNITO_CLIENT_ID: "e2estagingclient",
        SESSION_SECRET: "e2e-staging-session-secret-0123456789",
        GRAPHQL_URL: "https://api.override.test/graphql",
        GRAPHQL_API_KEY: "da2-e2e",
        // A test-only AES key: outside local the server refuses to start without one (lib/config/deployment.ts).
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "ZTJlLXNlcnZlci1hY3Rpb25zLWtleS0wMTIzNDU2Nzg=",
        // Outside local the employer search must be configured too; the browser never reaches this test-only app.
        ALGOLIA_APP_ID: "E2ESTAGING",
        ALGOLIA_SEARCH_KEY: "e2e-search-only-key",
        ...HOSTED_OVERRIDES,
      },
    },
    // With BASE_URL (the routes project against a deployment) no local server is needed.
  ].filter(() => !process.env.BASE_URL) as PlaywrightTestConfig["webServer"],
});
