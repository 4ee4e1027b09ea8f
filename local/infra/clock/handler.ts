import { advanceLocalClock, localNow, syncLocalClock } from "./clock";
import type { Queryable } from "../db/index";
import { readJsonBody } from "../http/read-body";

export interface ClockDeps {
  /** Whether this server lets tests move its clock (LOCAL_CLOCK_CONTROL=1). */
  controllable: () => boolean;
  /** Where the clock's offset is shared with every instance. */
  db: () => Promise<Queryable>;
}

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * GET /api/local/clock: the stand-ins' "now". POST {"advanceSeconds": n}: moves it forward, so a
 * test of a code's or a token's lifetime ages it without sleeping. Only on a local server started
 * with LOCAL_CLOCK_CONTROL=1 (the e2e expiry server); elsewhere it does not exist (outside the local
 * environment the stand-in table's gate answers first).
 */
export function createClockHandler(deps: ClockDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!deps.controllable()) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
    if (request.method === "GET") {
      await syncLocalClock(await deps.db());
      return json(200, { now: localNow().toISOString() });
    }
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, POST" } });
    const read = await readJsonBody(request, 1024);
    if (!read.ok) return json(400, { error: 'the body must be JSON: {"advanceSeconds": <whole seconds, 1 to 86400>}' });
    const body = read.value;
    const seconds = (body as { advanceSeconds?: unknown } | null)?.advanceSeconds;
    if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
      return json(400, { error: "advanceSeconds must be a whole number of seconds from 1 to 86400" });
    }
    return json(200, { now: (await advanceLocalClock(await deps.db(), seconds * 1000)).toISOString() });
  };
}
