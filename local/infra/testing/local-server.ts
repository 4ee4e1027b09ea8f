/**
 * The stand-ins' server for integration tests and benches (no `next build`, no app in front): the
 * same table (local/routes.ts) at the same mount point as the stand-ins' own process
 * (local/server.ts), called directly. Run with `node --import tsx local/infra/testing/local-server.ts`;
 * it prints `LISTENING <url>` once ready.
 *
 * It listens first and only then sets APP_URL (and so the token issuer) to its own address,
 * before anything reads the configuration.
 *
 * With API_SERVER_SQL_PROBE=1 it also answers POST /__test/sql with the rows of one read-only
 * SELECT, so tests can check what is (not) in the database whichever engine holds it. That route
 * exists only in this test server, never in the app; so does POST /__test/arrange (below).
 */
import { serve, type WebHandler } from "../http/serve";

const routes: WebHandler = async (request) => {
  const { pathname } = new URL(request.url);
  // Imported on the first request, after APP_URL is set below.
  const { serveStandInPath } = await import("../../routes");
  const standIn = serveStandInPath(request);
  if (standIn) return standIn;
  if (pathname === "/__test/sql" && process.env.API_SERVER_SQL_PROBE === "1") return sqlProbe(request);
  if (pathname === "/api/session/claims" && request.method === "POST" && process.env.API_SERVER_CLAIMS_PROBE === "1")
    return claimsProbe(request);
  if (pathname === "/__test/arrange" && process.env.API_SERVER_SQL_PROBE === "1") return arrange(request);
  return new Response("Not Found", { status: 404 });
};

async function sqlProbe(request: Request): Promise<Response> {
  const { localDb } = await import("../../startup");
  const { sql, params } = (await request.json()) as { sql: string; params?: unknown[] };
  if (!/^\s*select\b/i.test(sql) || sql.includes(";")) return new Response("one SELECT only", { status: 400 });
  const db = await localDb();
  const rows = await db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION READ ONLY");
    return tx.query(sql, params ?? []);
  });
  return Response.json(rows);
}

/**
 * Test server only (API_SERVER_CLAIMS_PROBE=1): stands in for the shell's POST /api/session/claims,
 * which the local apps call after every change of step or loan state. It answers with a cookie
 * naming the step and direct-deposit flag the database holds at that moment, so a test sees both
 * that the refresh happened and that it happened after the change.
 */
async function claimsProbe(request: Request): Promise<Response> {
  const { localDb } = await import("../../startup");
  const cookies = (request.headers.get("cookie") ?? "").split(";").map((c) => c.trim());
  const user = cookies.find((c) => /^CognitoIdentityServiceProvider\.[^.=]+\.LastAuthUser=/.test(c))?.split("=")[1];
  if (!user) return Response.json({ error: "not-signed-in" }, { status: 401 });
  const db = await localDb();
  const [row] = await db.query<{ step: string; dd: boolean }>(
    "SELECT step, direct_deposit_confirmed AS dd FROM applications WHERE username = $1",
    [decodeURIComponent(user)],
  );
  if (!row) return Response.json({ error: "load-failed" }, { status: 502 });
  const value = encodeURIComponent(`${row.step}|dd=${row.dd}`);
  return Response.json({ probe: true }, { headers: { "set-cookie": `claims_probe=${value}; Path=/; HttpOnly` } });
}

/**
 * POST /__test/arrange (test server only, with the probe): one INSERT into a table whose writes
 * belong to another capability's operations (employment, bank accounts, partner leads), or an UPDATE of the step
 * (which only the lending rules move), so a test can arrange an application at a later step.
 */
async function arrange(request: Request): Promise<Response> {
  const { localDb } = await import("../../startup");
  const { sql, params } = (await request.json()) as { sql: string; params?: unknown[] };
  const allowed = /^\s*(insert\s+into\s+(employment|funding_sources|leads)\b|update\s+applications\s+set\s+step\s*=)/i;
  if (!allowed.test(sql) || sql.includes(";")) {
    return new Response("one INSERT into employment, funding_sources or leads, or UPDATE applications SET step, only", { status: 400 });
  }
  const db = await localDb();
  try {
    return Response.json(await db.query(sql, params ?? []));
  } catch (error) {
    // A rule of the database refused the row: say which, so a test can tell it from any other failure.
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (!code) throw error;
    return Response.json({ code, constraint }, { status: 409 });
  }
}

const served = await serve(routes, { port: Number(process.env.LOCAL_SERVER_PORT ?? 0) });
process.env.APP_URL = served.url;
process.env.PORT = String(served.port);
// Migrate and seed before announcing readiness, so the first request does not pay for it.
const { localDb } = await import("../../startup");
await localDb();
console.log(`LISTENING ${served.url}`);

const stop = () => {
  void served.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

// A Jest worker's shared server (worker-server.ts) is detached: it stops with the Jest run that
// owns it even when that run is killed before its global teardown.
const owner = Number(process.env.LOCAL_SERVER_OWNER_PID ?? 0);
if (owner > 0) {
  setInterval(() => {
    try {
      process.kill(owner, 0);
    } catch {
      stop();
    }
  }, 1000).unref();
}
