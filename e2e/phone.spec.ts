import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { horizontalOverflow, topBarRows } from "./fixtures/page-states";
import { BORROWER, PersonaSessions, openPageState, pageState } from "./in-app-pages";
import { SIGNING_FRAME } from "./fixtures/signing";

/**
 * The phone layout's interactions (issue 14) at 320, 375 and 414 px: the sidebar is a drawer behind
 * the menu button that opens, traps focus and closes (Escape, close button, backdrop), and
 * dashboard-sign shows the whole signing form in one page scroll. Every page state's own phone
 * layout (no sideways scroll, the top bar in one row, the rail behind the Menu button) is checked
 * on its visit in e2e/in-app-pages.spec.ts. Full-page screenshots go to
 * test-results/screenshots/phone-<what>-<width>.png.
 */
const WIDTHS = [320, 375, 414] as const;
const HEIGHT = 740;
const DIR = path.join("test-results", "screenshots");

let sessions: PersonaSessions;
test.beforeAll(({ browser }) => {
  sessions = new PersonaSessions(browser);
});

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true, animations: "disabled" });
  await mkdir(DIR, { recursive: true });
  await writeFile(path.join(DIR, `phone-${name}.png`), body);
  await testInfo.attach(`phone-${name}.png`, { body, contentType: "image/png" });
}

for (const width of WIDTHS) {
  const viewport = { width, height: HEIGHT };

  test(`the drawer at ${width} px opens, traps focus and closes`, async ({}, testInfo) => {
    const page = await openPageState(sessions, pageState("under-construction"), viewport);
    try {
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      await menu.click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await expect(drawer).toBeVisible();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await expect(drawer.getByRole("button", { name: "Close menu" })).toBeFocused();
      await expect(drawer.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "FAQ" })).toBeVisible();
      await expect(drawer.getByRole("button", { name: "Logout" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, testInfo, `drawer-open-${width}`);

      // Tab and Shift+Tab never leave the drawer.
      const count = await drawer.locator("a[href], button").count();
      for (let i = 0; i < count + 2; i++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }

      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(menu).toBeFocused();
      await expect(menu).toHaveAttribute("aria-expanded", "false");

      await menu.click();
      await page.getByRole("button", { name: "Close menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      await expect(menu).toBeFocused();

      await menu.click();
      await page.getByTestId("phone-menu-backdrop").click({ position: { x: width - 10, y: HEIGHT / 2 } });
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    } finally {
      await page.context().close();
    }
  });

  test(`dashboard-sign at ${width} px: the whole signing form in one page scroll`, async ({}, testInfo) => {
    const state = pageState("dashboard-sign-signing");
    expect(state.persona).toBe(BORROWER);
    const page = await openPageState(sessions, state, viewport);
    try {
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await topBarRows(page)).toBe(1);
      const frame = page.frameLocator(SIGNING_FRAME);
      // The frame is as tall as its content: nothing scrolls inside it.
      const inner = await frame.locator("main").evaluate((m) => ({ scroll: m.scrollHeight, client: m.clientHeight }));
      expect(inner.scroll, "the signing form scrolls inside its frame").toBeLessThanOrEqual(inner.client + 1);
      // Scrolling the page alone brings the name field and the button into view.
      const button = frame.getByRole("button", { name: "Sign contract" });
      const box = await page.locator(SIGNING_FRAME).boundingBox();
      const inFrame = await button.boundingBox();
      expect(box && inFrame).toBeTruthy();
      await page.evaluate((y) => window.scrollTo(0, y), inFrame!.y + inFrame!.height - HEIGHT + 40);
      const after = await button.boundingBox();
      expect(after!.y).toBeGreaterThanOrEqual(0);
      expect(after!.y + after!.height).toBeLessThanOrEqual(HEIGHT);
      await expect(frame.getByLabel("Type your full name to sign")).toBeVisible();
      await shoot(page, testInfo, `dashboard-sign-${width}`);
    } finally {
      await page.context().close();
    }
  });
}
