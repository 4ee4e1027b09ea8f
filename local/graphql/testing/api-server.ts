/**
 * A stand-alone server for integration tests and the bench: the identity stand-in (to mint real
 * tokens and serve the JWKS), the GraphQL API and the employer search, mounted at the same paths
 * as the Next route files (no `next build`). Run with `node --import tsx`; prints `LISTENING <url>`.
 *
 * With API_SERVER_SQL_PROBE=1 it also answers POST /__test/sql with the rows of one read-only
 * SELECT, so tests can check what is (not) in the database whichever engine holds it. That route
 * exists only in this test server, never in the app.
 */
import { serve, type WebHandler } from "../../testing/serve";

const routes: WebHandler = async (request) => {
  const { cognitoHandler, jwksHandler, outboxHandler } = await import("../../identity/runtime");
  const { graphqlHandler } = await import("../runtime");
  const { searchHandler } = await import("../../search/runtime");
  const { esignHandler } = await import("../../esign/runtime");
  const { pathname } = new URL(request.url);
  if (pathname === "/api/local/graphql") return graphqlHandler(request);
  if (pathname.startsWith("/api/local/esign/")) return esignHandler(request);
  if (pathname.startsWith("/api/local/algolia/")) return searchHandler(request);
  if (pathname === "/api/local/cognito") return cognitoHandler(request);
  if (pathname === "/api/local/outbox") return outboxHandler(request);
  const jwks = /^\/api\/local\/cognito\/([^/]+)\/\.well-known\/jwks\.json$/.exec(pathname);
  if (jwks?.[1]) return jwksHandler(request, decodeURIComponent(jwks[1]));
  if (pathname === "/__test/sql" && process.env.API_SERVER_SQL_PROBE === "1") return sqlProbe(request);
  return new Response("Not Found", { status: 404 });
};

async function sqlProbe(request: Request): Promise<Response> {
  const { localDb } = await import("../../db/index");
  const { sql, params } = (await request.json()) as { sql: string; params?: unknown[] };
  if (!/^\s*select\b/i.test(sql) || sql.includes(";")) return new Response("one SELECT only", { status: 400 });
  const db = await localDb();
  const rows = await db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION READ ONLY");
    return tx.query(sql, params ?? []);
  });
  return Response.json(rows);
}

const served = await serve(routes, { port: Number(process.env.LOCAL_SERVER_PORT ?? 0) });
// The token issuer derives from APP_URL: set it before anything reads the configuration.
process.env.APP_URL = served.url;
process.env.PORT = String(served.port);
const { localDb } = await import("../../db/index");
await localDb();
console.log(`LISTENING ${served.url}`);

const stop = () => {
  void served.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
