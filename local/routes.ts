import { serverConfig } from "../lib/config/env";
import { LOCAL_ROOT, STAND_IN_MOUNTS, type StandIn } from "../lib/config/local-paths";
import { argyleHandler } from "./vendors/argyle/runtime";
import { syncLocalClock } from "./infra/clock/clock";
import { createClockHandler } from "./infra/clock/handler";
import { esignHandler } from "./vendors/esign/runtime";
import { documentsHandler } from "./lender/documents/runtime";
import { graphqlHandler } from "./lender/graphql/runtime";
import { type Route, serveRouteTable } from "./infra/http/route-table";
import { cognitoHandler, jwksHandler } from "./vendors/cognito/runtime";
import { appsHandler } from "./lender/apps/runtime";
import { outboxHandler } from "./infra/outbox/runtime";
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
  documents: (request, [id, fileName]) => documentsHandler(request, id!, fileName!),
  algolia: (request) => searchHandler(request),
  argyle: (request) => argyleHandler(request),
  maps: (request) => mapsHandler(request),
  plaid: (request, path) => plaidHandler(request, path),
};

/**
 * Every stand-in endpoint, once: the mount table's rows (lib/config/local-paths.ts, which the
 * edge's method check reads too) with their handlers. The stand-ins' own process (local/server.ts,
 * behind the app's one door) and the test server (local/infra/testing/local-server.ts) both serve it.
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

/** Serves the table; `segments` are the decoded path segments under LOCAL_ROOT. */
export const serveStandIn = serveRouteTable(STAND_IN_ROUTES, serverConfig);

/**
 * A request to the stand-ins' server (local/server.ts, the test server): a path under LOCAL_ROOT is
 * the table's, its segments decoded once as Next decodes a route's params; any other is undefined.
 */
export function serveStandInPath(request: Request): Promise<Response> | undefined {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${LOCAL_ROOT}/`)) return undefined;
  const segments = pathname
    .slice(LOCAL_ROOT.length + 1)
    .split("/")
    .filter(Boolean)
    .map(safeDecode);
  return serveStandIn(request, segments);
}

/** A malformed escape is kept as sent. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
