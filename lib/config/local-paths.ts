/**
 * Where the one door to the stand-ins (app/api/local/[...path]/route.ts, local environment only)
 * serves each of them. The shell names a stand-in only through the configuration, which reads
 * these; in production every one of these is the real service's own URL instead.
 */
export const LOCAL_PATHS = {
  root: "/api/local",
  graphql: "/api/local/graphql",
  cognito: "/api/local/cognito",
  apps: "/api/local/apps",
  algolia: "/api/local/algolia",
  esign: "/api/local/esign",
  outbox: "/api/local/outbox",
  /** Argyle Link's web script, the stand-in's copy (WIDGETS.md). */
  argyleScript: "/api/local/argyle/argyle.web.v5.js",
  /** Defines google.maps before the address field's loader would fetch Google's (WIDGETS.md). */
  mapsScript: "/api/local/maps/maps.js",
  /** Defines window.Plaid before react-plaid-link would fetch Plaid's script (WIDGETS.md). */
  plaidScript: "/api/local/plaid/link-initialize.js",
} as const;

/** Argyle Link's web script from Argyle's CDN (WIDGETS.md). */
export const ARGYLE_SCRIPT_URL = "https://plugin.argyle.com/argyle.web.v5.js";
