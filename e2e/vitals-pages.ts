/**
 * Every in-app page in each of its states (issue 24), as plain data: who looks at it and where.
 * The layout-shift check (e2e/layout-shift.spec.ts) and the Lighthouse benchmark
 * (bench/vitals.bench.ts) load each one as it is; neither changes a persona's data, so the seeded
 * personas stay in their states.
 */
export interface PageState {
  /** File-name safe. */
  name: string;
  path: string;
  /** A seeded persona (local/lender/seed/personas.ts) signed in for it; anonymous when absent. */
  persona?: string;
  /** Requests to this path are never answered, so that a page that leaves once they are stays in its state. */
  hold?: string;
  /** The widgets (WIDGET_SCRIPTS) this state loads by itself, before anyone asks; none when absent. */
  loads?: string[];
}

/** A borrower at Offer Sent with a contract to sign and a linked bank account. */
const BORROWER = "offer-dd@example.com";

export const PAGE_STATES: readonly PageState[] = [
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "employment-choose", path: "/employment", persona: "newcomer@example.com" },
  { name: "employment-details", path: "/employment", persona: "employment@example.com" },
  { name: "employment-saved", path: "/employment", persona: BORROWER },
  { name: "personal-loan-request", path: "/personal", persona: "loan-details@example.com" },
  // Maps loads on the form's first focus or touch, not by itself (the address fields).
  { name: "personal-details", path: "/personal", persona: "personal@example.com" },
  { name: "personal-account-settings", path: "/personal", persona: BORROWER },
  { name: "bank-no-accounts", path: "/bank", persona: "newcomer@example.com" },
  { name: "bank-accounts", path: "/bank", persona: BORROWER },
  // The e-signature client loads when the reader opens the contract, not by itself.
  { name: "dashboard-sign", path: "/dashboard-sign?counters=sig-dd-a10007", persona: BORROWER },
  { name: "dashboard-sign-no-counters", path: "/dashboard-sign", persona: BORROWER },
  { name: "restricted", path: "/restricted", persona: BORROWER },
  { name: "restricted-notice", path: "/_restricted" },
  { name: "restricted-notice-signed", path: "/_restricted", persona: "signed@example.com" },
  { name: "under-construction", path: "/under-construction", persona: BORROWER },
  { name: "wait-load-redirect", path: "/wait-load-redirect?redirect=%2Fpersonal", persona: BORROWER, hold: "/api/session/claims" },
  { name: "not-found", path: "/this-page-does-not-exist" },
];

/**
 * Each widget's scripts (vendor or local stand-in) and the only page (with the pages under it, e.g.
 * /bank/oauth) that may load them
 * (issue 24: locally exactly as in production).
 */
export const WIDGET_SCRIPTS: readonly { widget: string; urls: RegExp; page: string }[] = [
  { widget: "Google Maps", urls: /maps\.googleapis\.com\/|\/api\/local\/maps\//, page: "/personal" },
  { widget: "Plaid Link", urls: /cdn\.plaid\.com\/|\/api\/local\/plaid\//, page: "/bank" },
  { widget: "Argyle Link", urls: /plugin\.argyle\.com\/|\/api\/local\/argyle\//, page: "/employment" },
  { widget: "e-signature", urls: /hellosign\.com\/|\/api\/local\/esign\//, page: "/dashboard-sign" },
];
