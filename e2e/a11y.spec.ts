import AxeBuilder from "@axe-core/playwright";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { IN_APP_PAGES, PersonaSessions, openInAppPage } from "./in-app-pages";

/**
 * Every in-app page, in the state a visitor sees, at a phone and a desktop width: axe-core (iframes
 * included: the signing page of the e-signature stand-in is checked inside dashboard-sign) allows
 * no serious or critical violation and the report names each rule and selector; then a full-page
 * screenshot, attached to the report and written to test-results/screenshots/<page>-<width>.png (CI
 * keeps test-results as an artifact). One visit serves both checks: each visit signs a persona in.
 */

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

const DIR = path.join("test-results", "screenshots");

let sessions: PersonaSessions;
test.beforeAll(({ browser }) => {
  sessions = new PersonaSessions(browser);
});

for (const entry of IN_APP_PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${entry.name} (${entry.path}) at ${viewport.width} px: no serious or critical axe violations, a screenshot without sideways scroll`, async ({}, testInfo) => {
      const page = await openInAppPage(sessions, entry, viewport);
      try {
        const results = await new AxeBuilder({ page }).analyze();
        await testInfo.attach(`axe-${entry.name}-${viewport.width}.json`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: "application/json",
        });
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" >>> ")) }));
        expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
        // The check ran on the page it meant to: not on a page it was sent away to.
        expect(new URL(page.url()).pathname).toBe(new URL(entry.path, "http://x").pathname);
        expect(results.passes.length).toBeGreaterThan(0);

        const body = await page.screenshot({ fullPage: true, animations: "disabled" });
        const file = `${entry.name}-${viewport.width}.png`;
        await mkdir(DIR, { recursive: true });
        await writeFile(path.join(DIR, file), body);
        await testInfo.attach(file, { body, contentType: "image/png" });
        // A real picture of the page at that width: PNG, as wide as the viewport, nothing scrolled sideways.
        expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect(body.readUInt32BE(16)).toBe(viewport.width);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    });
  }
}
