import { serverConfig } from "../lib/config/env";
import { STAND_IN_MOUNTS, type StandIn } from "../lib/config/local-paths";
import { argyleHandler } from "./vendors/argyle/runtime";
import { syncLocalClock } from "./infra/clock/clock";
import { createClockHandler } from "./infra/clock/handler";
import { esignHandler } from "./vendors/esign/runtime";
import { graphqlHandler } from "./lender/graphql/runtime";
import { type Route, serveRouteTable } from "./infra/http/route-table";
import { appsHandler, cognitoHandler, jwksHandler, outboxHandler } from "./vendors/cognito/runtime";
import { mapsHandler } from "./vendors/maps/runtime";
import { plaidHandler } from "./vendors/plaid/runtime";
import { searchHandler } from "./vendors/algolia/runtime";
import { localDb } from "./startup";

const clockHandler = createClockHandler({ controllable: () => process.env.LOCAL_CLOCK_CONTROL === "1", db: localDb });

/** Each mount's handler: a mount without one, or a handler without a mount, does not compile. */
const HANDLERS: Record<StandIn, Route["handle"]> = {
  cognito: (request) => cognitoHandler(request),
  jwks: (request, [poolId]) => jwksHandler(request, poolId!),
  outbox: (request) => outboxHandler(request),
  graphql: (request) => graphqlHandler(request),
  clock: clockHandler,
  apps: (request, path) => appsHandler(request, path),
  esign: (request) => esignHandler(request),
  algolia: (request) => searchHandler(request),
  argyle: (request) => argyleHandler(request),
  maps: (request) => mapsHandler(request),
  plaid: (request, path) => plaidHandler(request, path),
};

/**
 * Every stand-in endpoint, once: the mount table's rows (lib/config/local-paths.ts, which the
 * edge's method check reads too) with their handlers. The app's catch-all route and the test
 * server (local/infra/testing/local-server.ts) both serve it.
 */
export const STAND_IN_ROUTES: readonly Route[] = (Object.keys(STAND_IN_MOUNTS) as StandIn[]).map((name) => ({
  ...STAND_IN_MOUNTS[name],
  handle: onSharedClock(HANDLERS[name]),
}));

/** Each request first takes the clock's shared offset (local/infra/clock/clock.ts): another instance may have moved it. */
function onSharedClock(handle: Route["handle"]): Route["handle"] {
  return async (request, path) => {
    await syncLocalClock(await localDb());
    return handle(request, path);
  };
}

/** Serves the table; `segments` are the decoded path segments under LOCAL_ROOT (the app's catch-all route and the test server alike). */
export const serveStandIn = serveRouteTable(STAND_IN_ROUTES, serverConfig);
