/**
 * The paths of the route table's in-app rows (lower case, as the matcher keys them), for links in
 * the browser: importing the table itself would ship every route and guard to every page. A test
 * (in-app-paths.test.ts) fails when this list and the table disagree.
 */
export const IN_APP_PATHS: ReadonlySet<string> = new Set([
  "/_restricted",
  "/dashboard-sign",
  "/personal",
  "/employment",
  "/bank",
  "/bank/oauth",
  "/restricted",
  "/under-construction",
  "/wait-load-redirect",
]);
