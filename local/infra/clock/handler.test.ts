import { createClockHandler } from "./handler";
import { localOnly } from "../http/local-only";
import { runningNowMs } from "./clock";
import { clockTable } from "../testing/clock-table";

const db = clockTable();

afterEach(async () => {
  await db.query("UPDATE local_clock SET offset_ms = 0");
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("local.clock.offsetMs")];
});

// Gated as the stand-in table (local/routes.ts) serves it.
const handler = (isLocal: boolean, controllable: boolean) =>
  localOnly(() => ({ isLocal }), createClockHandler({ controllable: () => controllable, db: async () => db }));
const post = (body: string) =>
  new Request("http://127.0.0.1/api/local/clock", { method: "POST", body, headers: { "content-type": "application/json" } });

describe("POST /api/local/clock", () => {
  it("moves the stand-ins' clock forward by whole seconds and answers the new time", async () => {
    const before = runningNowMs();
    const res = await handler(true, true)(post('{"advanceSeconds": 6}'));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { now } = (await res.json()) as { now: string };
    expect(new Date(now).getTime()).toBeGreaterThanOrEqual(before + 6000);
    expect(runningNowMs() - before).toBeGreaterThanOrEqual(6000);
    expect(runningNowMs() - before).toBeLessThan(7000);
  });

  it.each([
    ["not JSON", "the body must be JSON"],
    ['{"advanceSeconds": 0}', "whole number of seconds from 1 to 86400"],
    ['{"advanceSeconds": -5}', "whole number of seconds from 1 to 86400"],
    ['{"advanceSeconds": 1.5}', "whole number of seconds from 1 to 86400"],
    ['{"advanceSeconds": 86401}', "whole number of seconds from 1 to 86400"],
    ['{"advanceSeconds": "6"}', "whole number of seconds from 1 to 86400"],
    ["null", "whole number of seconds from 1 to 86400"],
  ])("refuses %s with a 400 that says why, and leaves the clock alone", async (body, reason) => {
    const before = runningNowMs();
    const res = await handler(true, true)(post(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(reason);
    expect(runningNowMs() - before).toBeLessThan(1000);
  });

  it("does not exist without LOCAL_CLOCK_CONTROL or outside the local environment", async () => {
    for (const [isLocal, controllable] of [
      [true, false],
      [false, true],
    ] as const) {
      const before = runningNowMs();
      expect((await handler(isLocal, controllable)(post('{"advanceSeconds": 60}'))).status).toBe(404);
      expect(runningNowMs() - before).toBeLessThan(1000);
    }
  });
});
