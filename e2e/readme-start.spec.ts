/**
 * The README's run command, as written (issue 26): `npm start` — the install and build before it
 * are what CI has just done — then a new user signs up in the browser at http://localhost:<port>,
 * the address the README gives. The only thing added is PORT, which the README says `npm start`
 * honours, so the test does not take a developer's port 3000; the data directory is the default one,
 * as for a newcomer. http://127.0.0.1:<port> is sent to the same origin.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { enterCode, hasClaimsCookie, nextCode, requestCode } from "./fixtures/personas";
import { LOCAL_PORT } from "../playwright.config";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = LOCAL_PORT + 30;
const ORIGIN = `http://localhost:${PORT}`;

// A first start seeds the 100,000-employer directory before Ready: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 420_000 });

test("the README's run command serves sign-up at http://localhost:<port>", async ({ page }) => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  expect(readme).toContain("npm install && npm run build && npm start");
  expect(readme).toContain("http://localhost:3000");
  expect(readme).toMatch(/`PORT=\d+ npm start`/);

  // A shell as a newcomer has it: none of the variables that would choose another origin.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT) };
  for (const name of ["APP_ENV", "APP_URL", "HOSTNAME", "LOCAL_DATA_DIR", "LOCAL_OTP_CODE", "NODE_ENV"]) delete env[name];
  let output = "";
  // Its own process group, so that npm and the server it starts are stopped together.
  const child: ChildProcess = spawn("npm", ["start"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  try {
    await expect
      .poll(
        () => {
          if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
          return output;
        },
        { timeout: 400_000, intervals: [500] },
      )
      .toContain("Ready");
    expect(output).toContain(`on ${ORIGIN}`);

    // The other loopback name is sent to the one origin, path and query kept.
    const other = await page.request.get(`http://127.0.0.1:${PORT}/register?redirect=%2Fpersonal`, { maxRedirects: 0 });
    expect(other.status()).toBe(308);
    expect(other.headers().location).toBe(`${ORIGIN}/register?redirect=%2Fpersonal`);
    // But the e-signature stand-in is served there: the app frames it cross-site, as the provider is.
    const esign = await page.request.get(`http://127.0.0.1:${PORT}/api/local/esign/editor/embeddedSign?signature_id=x`, {
      maxRedirects: 0,
    });
    expect(esign.status()).toBe(400);
    expect(esign.headers()["content-security-policy"]).toContain(`frame-ancestors ${ORIGIN}`);

    const email = `readme-${Date.now().toString(36)}@example.com`;
    await page.goto(`${ORIGIN}/register`);
    const baseline = await requestCode(page, email, "register");
    await expect(page.getByText("We could not reach the sign-in service")).toHaveCount(0);
    await enterCode(page, await nextCode(page.request, ORIGIN, email, baseline));
    await expect.poll(() => hasClaimsCookie(page.context()), { timeout: 15_000 }).toBe(true);
    await page.waitForURL((url) => url.origin === ORIGIN && !url.pathname.startsWith("/register"), { timeout: 30_000 });
  } finally {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
});
