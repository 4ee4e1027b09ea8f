import { serverConfig } from "../lib/config/env";
import { argyleHandler } from "./argyle/runtime";
import { createClockHandler } from "./clock-handler";
import { esignHandler } from "./esign/runtime";
import { graphqlHandler } from "./graphql/runtime";
import { type Route, serveRouteTable } from "./http/route-table";
import { appsHandler, cognitoHandler, jwksHandler, outboxHandler } from "./identity/runtime";
import { mapsHandler } from "./maps/runtime";
import { plaidHandler } from "./plaid/runtime";
import { searchHandler } from "./search/runtime";

/** Where the table is mounted: app/api/local/[...path]/route.ts in the app, the test server alike. */
export const STAND_IN_MOUNT = "/api/local";

const clockHandler = createClockHandler({ controllable: () => process.env.LOCAL_CLOCK_CONTROL === "1" });

/**
 * Every stand-in endpoint, once: the app's catch-all route and the test server
 * (local/testing/local-server.ts) both serve this table. The methods are the edge's too
 * (API_METHODS in lib/security/request-policy.ts, pinned by stand-in-routes.test.ts).
 */
export const STAND_IN_ROUTES: readonly Route[] = [
  /** Cognito's JSON protocol (Amplify's userPoolEndpoint) and the pool's public keys. */
  { path: "cognito", methods: ["POST", "OPTIONS"], handle: (request) => cognitoHandler(request) },
  { path: "cognito/:poolId/.well-known/jwks.json", methods: ["GET"], handle: (request, [poolId]) => jwksHandler(request, poolId!) },
  /** The codes the identity stand-in "sent". */
  { path: "outbox", methods: ["GET"], handle: (request) => outboxHandler(request) },
  /** The AppSync-compatible GraphQL API. */
  { path: "graphql", methods: ["GET", "POST"], handle: (request) => graphqlHandler(request) },
  /** The stand-ins' clock, movable only with LOCAL_CLOCK_CONTROL=1. */
  { path: "clock", methods: ["GET", "POST"], handle: clockHandler },
  /** The hosted apps' stand-in pages and their forms. */
  { path: "apps/*", methods: ["GET", "POST"], handle: (request, path) => appsHandler(request, path) },
  /** E-signature: embedded signing page, sign and exit. */
  { path: "esign/*", methods: ["GET", "POST"], handle: (request) => esignHandler(request) },
  /** The employer index in Algolia's wire format. */
  { path: "algolia/*", methods: ["POST", "OPTIONS"], handle: (request) => searchHandler(request) },
  /** Payroll linking (Argyle Link): widget script, session, account. */
  { path: "argyle/*", methods: ["GET", "POST"], handle: (request) => argyleHandler(request) },
  /** Google Maps: its browser script and the address book. */
  { path: "maps/*", methods: ["GET"], handle: (request) => mapsHandler(request) },
  /** Plaid Link: widget script, widget login, webhook. */
  { path: "plaid/*", methods: ["GET", "POST"], handle: (request, path) => plaidHandler(request, path) },
];

/** Serves the table; `segments` are the decoded path segments under STAND_IN_MOUNT. */
export const serveStandIn = serveRouteTable(STAND_IN_ROUTES, serverConfig);
