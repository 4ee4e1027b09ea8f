/**
 * A PostgreSQL restart under the running stand-ins' process (local/server.ts, started as
 * scripts/start.mjs starts it), with requests under way (issue 51: the pool's unhandled 'error' event
 * — "terminating connection due to administrator command" — ended the process, and the app with it).
 * The process lives through it: requests during the restart are answered 503 with Retry-After (or
 * served), never dropped, and the same requests are served again once PostgreSQL is back. On a
 * cluster of its own (throwaway-cluster.ts), in the PostgreSQL pass.
 */
import { startStandIns, type StandIns } from "../../../scripts/stand-ins-process.mjs";
import { TEST_NOW } from "../testing/spawn-local-server";
import { startThrowawayCluster, type ThrowawayCluster } from "../testing/throwaway-cluster";

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

onPostgres("a PostgreSQL restart under the running stand-ins", () => {
  let cluster: ThrowawayCluster | undefined;
  let standIns: StandIns | undefined;
  let output = "";

  afterAll(() => {
    standIns?.child.kill("SIGKILL");
    cluster?.stop();
  });

  it("costs only the requests during it: answered 503, the process lives, and serves again after", async () => {
    cluster = await startThrowawayCluster();
    const { PassThrough } = await import("node:stream");
    const out = new PassThrough();
    out.on("data", (chunk: Buffer) => (output += chunk.toString()));
    standIns = await startStandIns(
      process.cwd(),
      {
        ...process.env,
        APP_ENV: "local",
        NODE_ENV: "test",
        LOG_FORMAT: "json",
        DATABASE_URL: cluster.url,
        LOCAL_EMPLOYER_DIRECTORY_SIZE: "300",
        LOCAL_NOW: TEST_NOW,
      },
      out,
    );
    const running = standIns;
    // A read of the database (the local outbox) per request.
    const ask = async () => {
      try {
        const res = await fetch(`${running.url}/api/local/outbox?format=json`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get("retry-after") };
      } catch (error) {
        return { status: 0, error: String(error) };
      }
    };
    expect((await ask()).status).toBe(200);
    // Several idle connections in the pool, as after any busy moment: each is ended by the restart.
    expect((await Promise.all([ask(), ask(), ask(), ask()])).map((a) => a.status)).toEqual([200, 200, 200, 200]);

    const answers: { status: number; retryAfter?: string | null; error?: string }[] = [];
    let asking = true;
    const load = (async () => {
      while (asking) {
        answers.push(await ask());
        await sleep(20);
      }
    })();
    await sleep(300);
    cluster.restart();
    // Served again, by the same process.
    const until = Date.now() + 20_000;
    let after = await ask();
    while (after.status !== 200 && Date.now() < until) {
      await sleep(200);
      after = await ask();
    }
    asking = false;
    await load;
    expect(after.status).toBe(200);
    expect(running.child.exitCode).toBeNull();
    expect(running.child.signalCode).toBeNull();
    // Every request was answered: served, or 503 with Retry-After; none dropped, none a 500.
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter === "5"))).toEqual([]);
    // The lost idle connections were said, as warnings, and nothing fatal.
    const lines = output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", component: "local db" }));
    expect(lines.filter((l) => l.level === "fatal")).toEqual([]);
  }, 60_000);
});
