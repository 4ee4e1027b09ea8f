/**
 * A stand-alone server for the local stand-ins' HTTP endpoints, mounted at the same paths as the
 * Next route files under app/api/local, for integration tests (no `next build`). Run with
 * `node --import tsx local/testing/local-server.ts`; it prints `LISTENING <url>` once ready.
 *
 * It listens first and only then sets APP_URL (and so the token issuer) to its own address,
 * before anything reads the configuration.
 */
import { serve, type WebHandler } from "./serve";

const routes: WebHandler = async (request) => {
  const { appsHandler, cognitoHandler, jwksHandler, outboxHandler } = await import("../identity/runtime");
  const { pathname } = new URL(request.url);
  if (pathname === "/api/local/cognito") return cognitoHandler(request);
  if (pathname === "/api/local/outbox") return outboxHandler(request);
  const jwks = /^\/api\/local\/cognito\/([^/]+)\/\.well-known\/jwks\.json$/.exec(pathname);
  if (jwks?.[1]) return jwksHandler(request, safeDecode(jwks[1]));
  if (pathname.startsWith("/api/local/apps/")) {
    const segments = pathname.slice("/api/local/apps/".length).split("/").filter(Boolean).map(safeDecode);
    return appsHandler(request, segments);
  }
  return new Response("Not Found", { status: 404 });
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const served = await serve(routes, { port: Number(process.env.LOCAL_SERVER_PORT ?? 0) });
process.env.APP_URL = served.url;
process.env.PORT = String(served.port);
// Migrate and seed before announcing readiness, so the first request does not pay for it.
const { localDb } = await import("../db/index");
await localDb();
console.log(`LISTENING ${served.url}`);

const stop = () => {
  void served.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
