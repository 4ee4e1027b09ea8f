import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { IN_APP_PAGES, PersonaSessions, openInAppPage } from "./in-app-pages";

/**
 * A full-page screenshot of each in-app page at 375 and 1280 px: attached to the test report and
 * written to test-results/screenshots/<page>-<width>.png (CI keeps test-results as an artifact).
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
    test(`${entry.name} (${entry.path}) at ${viewport.width} px`, async ({}, testInfo) => {
      const page = await openInAppPage(sessions, entry, viewport);
      try {
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
