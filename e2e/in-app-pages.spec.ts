import AxeBuilder from "@axe-core/playwright";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { horizontalOverflow, topBarRows } from "./fixtures/page-states";
import { expectSecurityHeaders } from "./fixtures/security-headers";
import { PAGE_STATES, PersonaSessions, SAME_TITLE, WIDGET_SCRIPTS, type PageState } from "./in-app-pages";
import { compileTable, matchRoute, normalizePath } from "../lib/routing/match";
import { ROUTE_TABLE } from "../lib/routing/route-table";

/**
 * One visit per in-app page state (e2e/in-app-pages.ts) and width, 375 and 1280 px, each checking:
 * - its document's security headers (issue 13), and no Content-Security-Policy message while it
 *   renders (the console gate fails the visit on any console error or violation besides);
 * - layout stability (issue 24): the layout shifts from navigation until the page is hydrated and
 *   the network is quiet add up to at most 0.02 (stricter than CLS's worst window; a state's stated
 *   allowance excepted);
 * - widget scripts (issue 24): only the widgets the state loads by itself, and each widget's vendor
 *   or stand-in script only on its own page, also after the reader's action that reaches the state;
 * - its title (exactly the state's own: the table test below keeps them apart) and, where the load
 *   alone reaches the state, the skip link as the first Tab (issue 50);
 * - axe-core (iframes included: the e-signature stand-in's signing page inside dashboard-sign): no
 *   serious or critical violation, the report naming each rule and selector;
 * - a full-page screenshot, attached and written to test-results/screenshots/<state>-<width>.png
 *   (CI keeps test-results as an artifact), nothing scrolling sideways;
 * - at 375 px, and resized in the same visit to 320 and 414 px, the phone layout (issue 14): no
 *   sideways scroll, the top bar in one row, and on a dashboard page the rail and quick links gone
 *   behind the Menu button (the drawer itself: e2e/phone.spec.ts).
 * The Lighthouse figures are in bench/vitals.bench.ts, outside CI.
 */

const MAX_SHIFT = 0.02;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;
/** The other phone widths of issue 14, checked by resizing the 375 px visit. */
const OTHER_PHONE_WIDTHS = [320, 414] as const;
const SHOTS = path.join("test-results", "screenshots");

const TABLE = compileTable(ROUTE_TABLE);
function rowOf(state: PageState) {
  const normalized = normalizePath(new URL(state.path, "http://x").pathname);
  return normalized.ok ? matchRoute(TABLE, normalized)?.row : undefined;
}

test("every in-app row of the route table has a page state, and every state is a page this app renders", () => {
  const covered = new Set(PAGE_STATES.map((s) => rowOf(s)?.id));
  expect(ROUTE_TABLE.filter((r) => r.destination.kind === "in-app" && !covered.has(r.id)).map((r) => r.id)).toEqual([]);
  // In-app rows, the sign-in pages (served in-app locally) and the not-found page (no row).
  const elsewhere = PAGE_STATES.filter((s) => !["in-app", "sign-in", undefined].includes(rowOf(s)?.destination.kind));
  expect(elsewhere.map((s) => s.name)).toEqual([]);
  expect(new Set(PAGE_STATES.map((s) => s.name)).size, "state names are unique (they name the screenshots)").toBe(PAGE_STATES.length);
});

test("every in-app page state has a title of its own (issue 50), or shares its page's where SAME_TITLE says why", () => {
  const first = new Map<string, string>();
  for (const state of PAGE_STATES) {
    expect(state.title, `${state.name} has a title`).toMatch(/\S/);
    const other = first.get(state.title);
    expect(other === undefined || SAME_TITLE.get(state.name) === other, `${state.name} and ${other} are both "${state.title}"`).toBe(true);
    if (!other) first.set(state.title, state.name);
  }
});

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
  await nextFrames(page);
  await page.waitForTimeout(300);
}

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The widgets whose scripts were requested. */
function widgetsIn(requested: readonly string[]): string[] {
  return WIDGET_SCRIPTS.filter((w) => requested.some((url) => w.urls.test(url))).map((w) => w.widget);
}

/** The phone layout at the page's current width. */
async function expectPhoneLayout(page: Page, dashboard: boolean, width: number): Promise<void> {
  expect(await horizontalOverflow(page), `horizontal overflow in px at ${width} px`).toBeLessThanOrEqual(0);
  expect(await topBarRows(page), `rows of the top bar at ${width} px`).toBe(1);
  if (dashboard) {
    // Signed in on a dashboard page: the rail is gone, the quick links live in the drawer.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Quick links" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
  }
}

test.describe("each in-app page state", () => {
  // The visits share nothing but the sign-ins, so they may spread over the workers.
  test.describe.configure({ mode: "parallel" });

  let sessions: PersonaSessions;
  test.beforeAll(({ browser }) => {
    sessions = new PersonaSessions(browser);
  });

  for (const state of PAGE_STATES) {
    for (const viewport of VIEWPORTS) {
      const { width } = viewport;
      test(`${state.name} (${state.path}) at ${width} px`, async ({}, testInfo) => {
        const context = await sessions.context(state.persona, viewport);
        try {
          const page = await context.newPage();
          const requested: string[] = [];
          context.on("request", (request) => requested.push(request.url()));
          const cspMessages: string[] = [];
          page.on("console", (m) => {
            if (/Content[ -]Security[ -]Policy/i.test(m.text())) cspMessages.push(`${m.type()}: ${m.text()}`);
          });
          if (state.hold) await page.route(`**${state.hold}`, () => undefined);
          await page.addInitScript(recordShifts);

          const response = await page.goto(state.path);
          expectSecurityHeaders(await response!.allHeaders(), "page", false, `GET ${state.path}`);
          await settled(page, !state.hold);
          await state.ready(page);

          const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
          await testInfo.attach(`shifts-${state.name}-${width}.json`, {
            body: JSON.stringify(shifts, null, 2),
            contentType: "application/json",
          });
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          const max = state.shiftAllowed?.max ?? MAX_SHIFT;
          expect(total, `layout shifts (at most ${max}): ${JSON.stringify(shifts, null, 2)}`).toBeLessThanOrEqual(max);
          expect(widgetsIn(requested).sort(), "the widgets the load loads by itself").toEqual([...(state.loads ?? [])].sort());

          await state.act?.(page);
          // The checks ran on the page they meant to: not on a page it was sent away to.
          const pathname = new URL(state.path, "http://x").pathname;
          expect(new URL(page.url()).pathname).toBe(pathname);
          for (const widget of WIDGET_SCRIPTS.filter((w) => widgetsIn(requested).includes(w.widget))) {
            expect(
              pathname === widget.page || pathname.startsWith(`${widget.page}/`),
              `${widget.widget} loads only on ${widget.page}`,
            ).toBe(true);
          }

          const results = await new AxeBuilder({ page }).analyze();
          await testInfo.attach(`axe-${state.name}-${width}.json`, {
            body: JSON.stringify(results.violations, null, 2),
            contentType: "application/json",
          });
          const blocking = results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" >>> ")) }));
          expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
          expect(results.passes.length).toBeGreaterThan(0);

          const body = await page.screenshot({ fullPage: true, animations: "disabled" });
          const file = `${state.name}-${width}.png`;
          await mkdir(SHOTS, { recursive: true });
          await writeFile(path.join(SHOTS, file), body);
          await testInfo.attach(file, { body, contentType: "image/png" });
          // A real picture of the page at that width: PNG, as wide as the viewport.
          expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
          expect(body.readUInt32BE(16)).toBe(width);
          expect(await horizontalOverflow(page), "horizontal overflow in px").toBeLessThanOrEqual(0);

          if (width === 375) {
            const dashboard = Boolean(state.persona) && rowOf(state)?.layout === "dashboard";
            await expectPhoneLayout(page, dashboard, width);
            for (const other of OTHER_PHONE_WIDTHS) {
              await page.setViewportSize({ width: other, height: viewport.height });
              await nextFrames(page);
              await expectPhoneLayout(page, dashboard, other);
            }
          }
          // What a screen reader says on arrival, then the first Tab of a keyboard reader (issue 50).
          await expect(page).toHaveTitle(state.title);
          if (!state.act && !state.hold) {
            await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
            await page.keyboard.press("Tab");
            await expect(page.getByRole("link", { name: "Skip to main content" }), "the first Tab").toBeFocused();
          }
          expect(cspMessages, "Content-Security-Policy messages").toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
