/**
 * The stand-ins kept running by the app's start script (superviseStandIns, scripts/start.mjs):
 * whatever ends their process, they come back on the same URL after the back-off, and a stop is
 * final. On a process that speaks their start protocol (testing/stand-ins-fixture.mjs): the real
 * stand-ins seed a database for tens of seconds per start. The whole app around the real ones (the
 * door answering 503 meanwhile, the app staying up) is e2e/stand-ins-restart.spec.ts, on the
 * production build.
 */
import path from "node:path";
import { PassThrough } from "node:stream";
import { RESTART_BACKOFF, restartDelay, superviseStandIns, type SupervisedStandIns } from "./stand-ins-process.mjs";

describe("restartDelay: a bounded back-off", () => {
  it("1 s, doubling after each restart that did not last, at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => restartDelay(n))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(RESTART_BACKOFF.stableMs).toBe(60_000);
  });
});

describe("superviseStandIns", () => {
  let supervised: SupervisedStandIns | undefined;
  afterEach(async () => {
    await supervised?.stop();
    supervised = undefined;
  });

  it("stand-ins that die (SIGKILL, twice) are started again on the same URL; a stop is final", async () => {
    const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
    const out = new PassThrough();
    out.resume();
    supervised = await superviseStandIns(
      process.cwd(),
      { ...process.env },
      {
        log: (level, msg, fields) => lines.push({ level, msg, fields }),
        out,
        backoff: { firstMs: 200, maxMs: 400, stableMs: 60_000 },
        entry: path.join(__dirname, "testing", "stand-ins-fixture.mjs"),
      },
    );
    const { url } = supervised;
    const status = () =>
      fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.status,
        () => 0,
      );
    expect(await status()).toBe(200);

    for (const round of [1, 2]) {
      const first = supervised.current()!;
      first.child.kill("SIGKILL");
      await first.exited;
      expect(supervised.current()).toBeUndefined();
      expect(await status()).toBe(0);
      const until = Date.now() + 30_000;
      while (!supervised.current() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(supervised.current()?.url).toBe(url);
      expect(supervised.current()!.child.pid).not.toBe(first.child.pid);
      expect(await status()).toBe(200);
      // Each death and return said; the second restart in a row waits longer (200 ms, then 400 ms).
      expect(lines.filter((l) => l.level === "error").map((l) => l.fields?.delayMs)).toEqual(round === 1 ? [200] : [200, 400]);
      expect(lines.filter((l) => l.level === "info")).toHaveLength(round);
    }

    const last = supervised.current()!;
    await supervised.stop();
    expect(last.child.exitCode ?? last.child.signalCode).not.toBeNull();
    await new Promise((r) => setTimeout(r, 600));
    expect(supervised.current()).toBe(last);
    expect(await status()).toBe(0);
    supervised = undefined;
  }, 60_000);
});
