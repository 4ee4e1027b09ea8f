import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { PersonaSessions } from "./in-app-pages";
import { PAGE_STATES, WIDGET_SCRIPTS } from "./vitals-pages";

/**
 * Layout stability while each in-app page loads and hydrates (issue 24): every page in each of its
 * states, at 375 and 1280 px, records its layout shifts from navigation until it is hydrated and
 * the network is quiet; their sum (stricter than CLS's worst window) must stay at or below 0.02.
 * The same visits pin where widget scripts load: each widget's vendor or stand-in script only on
 * its own page, and only the widgets a state loads by itself. The Lighthouse figures are in
 * bench/vitals.bench.ts, outside CI.
 */

const MAX_SHIFT = 0.02;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

interface Shift {
  value: number;
  sources: string[];
}

/** Runs in the page before any of its scripts: buffered, so shifts before it ran count too. */
function recordShifts() {
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? "?";
    const text = (node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}.${[...node.classList].slice(0, 3).join(".")} "${text}"`;
  };
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] }[]) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Until React owns the page's elements, then until the network is quiet and two frames have painted. */
async function settled(page: Page, networkCanIdle: boolean): Promise<void> {
  await page.waitForFunction(() =>
    [...document.body.querySelectorAll("*")].some((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))),
  );
  if (networkCanIdle) await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForTimeout(300);
}

let sessions: PersonaSessions;
test.beforeAll(({ browser }) => {
  sessions = new PersonaSessions(browser);
});

for (const state of PAGE_STATES) {
  for (const viewport of VIEWPORTS) {
    test(`${state.name} (${state.path}) at ${viewport.width} px: layout shift ≤ ${MAX_SHIFT}, widget scripts only its own`, async ({}, testInfo) => {
      const context = await sessions.context(state.persona, viewport);
      try {
        const page = await context.newPage();
        const requested: string[] = [];
        context.on("request", (request) => requested.push(request.url()));
        if (state.hold) await page.route(`**${state.hold}`, () => undefined);
        await page.addInitScript(recordShifts);
        await page.goto(state.path);
        await settled(page, !state.hold);
        expect(new URL(page.url()).pathname, "the check ran on the page it meant to").toBe(new URL(state.path, "http://x").pathname);

        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        await testInfo.attach(`shifts-${state.name}-${viewport.width}.json`, {
          body: JSON.stringify(shifts, null, 2),
          contentType: "application/json",
        });
        expect(total, `layout shifts: ${JSON.stringify(shifts, null, 2)}`).toBeLessThanOrEqual(MAX_SHIFT);

        const loaded = WIDGET_SCRIPTS.filter((w) => requested.some((url) => w.urls.test(url)));
        const pathname = new URL(state.path, "http://x").pathname;
        for (const widget of loaded) {
          expect(pathname === widget.page || pathname.startsWith(`${widget.page}/`), `${widget.widget} loads only on ${widget.page}`).toBe(
            true,
          );
        }
        expect(loaded.map((w) => w.widget).sort()).toEqual([...(state.loads ?? [])].sort());
      } finally {
        await context.close();
      }
    });
  }
}
