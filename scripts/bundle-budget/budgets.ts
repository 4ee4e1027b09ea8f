/**
 * Page-weight budgets (issue 14): each page's gzipped first-load JavaScript, measured above a bare
 * Next 16 page built with the same Next, and the heavy client libraries each page may carry.
 * Add a row here when you add a page or a widget; scripts/bundle-budget/check.ts enforces both.
 */

const KiB = 1024;

/** Over-bare budget for every in-app notice page (and any page without its own row). */
export const DEFAULT_BUDGET_BYTES = 40 * KiB;

/** Pages with their own budget (their issues set it): route as Next reports it → bytes over bare. */
export const PAGE_BUDGETS: Record<string, number> = {
  // Issue 24: its form fetches zod and its schema when first used (was 120).
  "/employment": 60 * KiB,
  // Issue 24: each /personal mode and each /bank form loads its own code when shown (was 120 and 100).
  "/personal": 60 * KiB,
  "/bank": 60 * KiB,
  // The same page, where a bank's OAuth login returns (issue 25).
  "/bank/oauth": 60 * KiB,
  // The partner-link funnel (issue 24): Amplify and the sign-in calls load once the visitor types.
  "/login": 60 * KiB,
  "/register": 60 * KiB,
  // Issue 42: the signed copy's download (with its fresh-link check) and the progress bar; the
  // signing library itself still loads on demand (was the 40 KiB default, reached at 40.0).
  "/dashboard-sign": 48 * KiB,
};

export interface LibraryRule {
  /** What a failure message calls it. */
  name: string;
  /**
   * String literals its built code keeps through minification. The Jest test checks each one is
   * really in the installed package, so a marker cannot silently stop matching after an upgrade.
   */
  markers: string[];
  /** A file or folder (from the repository root) whose code must contain every marker. */
  source: string;
  /**
   * The only routes whose first load may carry it. Every widget's package is loaded on demand by
   * its own page, so none is in any first load (e2e/in-app-pages.spec.ts pins their scripts at run time).
   */
  allowedOn: string[];
}

export const LIBRARY_RULES: LibraryRule[] = [
  {
    name: "InstantSearch / Algolia client",
    markers: ["Algolia for JavaScript"],
    source: "node_modules/@algolia/client-common/dist",
    allowedOn: ["/employment"],
  },
  {
    name: "Google Maps (@vis.gl/react-google-maps)",
    markers: ["maps.googleapis.com/maps/api/js"],
    source: "node_modules/@vis.gl/react-google-maps/dist",
    // The address field loads it after the form is interactive (personal/_ui/maps-libraries.tsx).
    allowedOn: [],
  },
  {
    name: "Plaid Link (react-plaid-link)",
    markers: ["cdn.plaid.com/link/"],
    source: "node_modules/react-plaid-link/dist",
    // Loaded when Link is asked for (bank/_ui/bank-page.tsx).
    allowedOn: [],
  },
  {
    name: "hellosign-embedded",
    markers: ["hellosign-embedded"],
    source: "node_modules/hellosign-embedded/umd",
    // Imported when the reader opens the contract (dashboard-sign/_ui/hellosign-client.ts).
    allowedOn: [],
  },
  {
    // Signing in loads it on demand (components/auth/sign-in-services.ts, lib/auth/amplify-on-demand.ts).
    name: "Amplify Auth",
    markers: ["AWSCognitoIdentityProviderService."],
    source: "node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/esm",
    allowedOn: [],
  },
  {
    // Every form fetches its schema when first used (components/forms/lazy-schema.ts, issue 24).
    name: "zod",
    markers: ["$ZodObject"],
    source: "node_modules/zod/v4/core",
    allowedOn: [],
  },
  {
    // Routing is decided in the middleware: the table and its guards never ship to a browser.
    name: "the route table",
    markers: ["welcome-alias/"],
    source: "lib/routing/route-table.ts",
    allowedOn: [],
  },
];

export function budgetFor(route: string): number {
  return PAGE_BUDGETS[route] ?? DEFAULT_BUDGET_BYTES;
}

export interface RouteWeight {
  route: string;
  /** Gzipped first-load JS bytes. */
  gzipBytes: number;
  /** Names of LIBRARY_RULES found in the route's first-load chunks. */
  libraries: string[];
}

export interface BudgetResult {
  route: string;
  gzipBytes: number;
  overBareBytes: number;
  budgetBytes: number;
  problems: string[];
}

/** Pure: judges each route against the bare page and the tables above. */
export function judge(routes: RouteWeight[], bareGzipBytes: number, rules: LibraryRule[] = LIBRARY_RULES): BudgetResult[] {
  return routes.map(({ route, gzipBytes, libraries }) => {
    const overBareBytes = gzipBytes - bareGzipBytes;
    const budgetBytes = budgetFor(route);
    const problems: string[] = [];
    if (overBareBytes > budgetBytes) {
      problems.push(`${kib(overBareBytes)} over a bare Next page, budget ${kib(budgetBytes)}`);
    }
    for (const name of libraries) {
      const rule = rules.find((r) => r.name === name);
      if (rule && !rule.allowedOn.includes(route))
        problems.push(`ships ${name}, which ${rule.allowedOn.length ? `only ${rule.allowedOn.join(", ")} may load` : "no page may load"}`);
    }
    return { route, gzipBytes, overBareBytes, budgetBytes, problems };
  });
}

export function kib(bytes: number): string {
  return `${(bytes / KiB).toFixed(1)} KiB`;
}
