import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { LOCAL_ORIGIN, signInAs } from "./fixtures/personas";
import { openContract } from "./fixtures/signing";

/**
 * Every page this app renders itself (the route table's in-app rows, the sign-in pages served
 * in-app locally, and the not-found page), with who looks at it and how to tell it has rendered.
 * Shared by the accessibility and screenshot specs.
 */
export interface InAppPage {
  /** File-name safe. */
  name: string;
  path: string;
  /** Signed in as this persona; anonymous when absent. */
  persona?: string;
  /** Run before navigating (e.g. to hold a request so that the page stays in a state). */
  prepare?: (page: Page) => Promise<void>;
  /** Resolves once the page shows what is to be checked. */
  ready: (page: Page) => Promise<void>;
}

const heading =
  (name: string | RegExp, level = 1) =>
  async (page: Page) => {
    await expect(page.getByRole("heading", { level, name })).toBeVisible();
  };

/** A borrower with a contract to sign (only ever cancels or leaves: it stays unsigned). */
export const BORROWER = "offer-dd@example.com";

export const IN_APP_PAGES: readonly InAppPage[] = [
  { name: "restricted-notice-anonymous", path: "/_restricted", ready: heading(/./) },
  {
    name: "restricted-notice-signed-in",
    path: "/_restricted",
    persona: "signed@example.com",
    ready: heading("Your loan contract is already signed"),
  },
  { name: "login", path: "/login", ready: async (page) => expect(page.getByLabel("E-mail or mobile number")).toBeVisible() },
  { name: "register", path: "/register", ready: async (page) => expect(page.getByLabel("E-mail address")).toBeVisible() },
  {
    name: "dashboard-sign-unopened",
    path: "/dashboard-sign?counters=sig-dd-a10007",
    persona: BORROWER,
    ready: async (page) => expect(page.getByRole("button", { name: "Open your contract" })).toBeVisible(),
  },
  {
    name: "dashboard-sign-signing",
    path: "/dashboard-sign?counters=sig-dd-a10007",
    persona: BORROWER,
    ready: async (page) => {
      await openContract(page);
    },
  },
  {
    name: "dashboard-sign-cancelled",
    path: "/dashboard-sign?counters=sig-dd-a10007",
    persona: BORROWER,
    ready: async (page) => {
      const frame = await openContract(page);
      await frame.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("heading", { name: "Signing was not completed" })).toBeVisible();
    },
  },
  { name: "dashboard-sign-no-counters", path: "/dashboard-sign", persona: BORROWER, ready: heading("No contract to sign") },
  { name: "personal", path: "/personal", persona: BORROWER, ready: heading("Your details", 2) },
  { name: "employment", path: "/employment", persona: BORROWER, ready: heading("Your employment") },
  { name: "bank", path: "/bank", persona: BORROWER, ready: heading("Bank account") },
  // The application's own steps, as the applicant sees them (the console gate runs on every visit):
  // /employment at chooseEmployer carries the employer search's server-rendered results script.
  {
    name: "employment-choose-employer",
    path: "/employment",
    persona: "newcomer@example.com",
    ready: async (page) => expect(page.locator('[data-ready="true"]').and(page.getByRole("combobox"))).toBeVisible(),
  },
  { name: "employment-details", path: "/employment", persona: "employment@example.com", ready: heading(/./) },
  {
    name: "personal-loan-request",
    path: "/personal",
    persona: "loan-details@example.com",
    ready: async (page) => expect(page.getByLabel("How much would you like to borrow?")).toBeVisible(),
  },
  { name: "personal-details", path: "/personal", persona: "personal@example.com", ready: heading(/./) },
  // The OAuth return page reached without a pending link (the walk through a bank is in e2e/bank.spec.ts).
  {
    name: "bank-oauth-no-pending-link",
    path: "/bank/oauth",
    persona: BORROWER,
    ready: async (page) => expect(page.getByRole("alert").filter({ hasText: "We could not finish linking your bank." })).toBeVisible(),
  },
  { name: "restricted", path: "/restricted", persona: BORROWER, ready: heading(/./) },
  { name: "under-construction", path: "/under-construction", persona: BORROWER, ready: heading(/./) },
  {
    // It loads the account and leaves for its target at once: the claims request is held so the
    // page stays in its loading state (the loading overlay) while it is checked.
    name: "wait-load-redirect",
    path: "/wait-load-redirect?redirect=%2Fpersonal",
    persona: BORROWER,
    prepare: async (page) => {
      await page.route("**/api/session/claims", () => undefined);
    },
    ready: async (page) => {
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page).toHaveURL(/\/wait-load-redirect/);
    },
  },
  { name: "not-found", path: "/this-page-does-not-exist", ready: heading("Ooops! Page not found") },
];

/** Signs each persona in once and keeps its cookies, so each check starts from a fresh context. */
export class PersonaSessions {
  private states = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();
  constructor(private readonly browser: Browser) {}

  async context(persona: string | undefined, viewport: { width: number; height: number }): Promise<BrowserContext> {
    if (!persona) return this.browser.newContext({ baseURL: LOCAL_ORIGIN, viewport });
    let state = this.states.get(persona);
    if (!state) {
      const signIn = await this.browser.newContext({ baseURL: LOCAL_ORIGIN });
      await signInAs(signIn, persona);
      state = await signIn.storageState();
      await signIn.close();
      this.states.set(persona, state);
    }
    return this.browser.newContext({ baseURL: LOCAL_ORIGIN, viewport, storageState: state });
  }
}

/** Opens `entry` in a fresh context at `viewport` and waits until it is ready. */
export async function openInAppPage(
  sessions: PersonaSessions,
  entry: InAppPage,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await sessions.context(entry.persona, viewport);
  const page = await context.newPage();
  await entry.prepare?.(page);
  await page.goto(entry.path);
  await entry.ready(page);
  return page;
}
