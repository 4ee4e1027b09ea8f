import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures/console-gate";
import { IN_APP_PAGES, PersonaSessions, openInAppPage } from "./in-app-pages";

/**
 * axe-core on every in-app page, in the state a visitor sees (iframes included: the signing
 * page of the e-signature stand-in is checked inside dashboard-sign), at a phone and a desktop
 * width. No serious or critical violation is allowed; the report names each rule and selector.
 */

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

let sessions: PersonaSessions;
test.beforeAll(({ browser }) => {
  sessions = new PersonaSessions(browser);
});

for (const entry of IN_APP_PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${entry.name} (${entry.path}) at ${viewport.width} px: no serious or critical axe violations`, async ({}, testInfo) => {
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
      } finally {
        await page.context().close();
      }
    });
  }
}
