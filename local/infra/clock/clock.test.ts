import { addMonths, advanceLocalClock, localNow, localToday, runningNowMs, syncLocalClock } from "./clock";
import { clockTable } from "../testing/clock-table";

const db = clockTable();

// Each test starts from an unmoved clock, whatever order the tests run in (jest --randomize).
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("local.clock.offsetMs")];
});

describe("the stand-ins' clock", () => {
  const original = process.env.LOCAL_NOW;
  afterEach(() => {
    if (original === undefined) delete process.env.LOCAL_NOW;
    else process.env.LOCAL_NOW = original;
  });

  it("is pinned by LOCAL_NOW", () => {
    process.env.LOCAL_NOW = "2031-07-04T23:30:00Z";
    expect(localNow().toISOString()).toBe("2031-07-04T23:30:00.000Z");
    expect(localToday()).toBe("2031-07-04");
  });

  it("follows real time when LOCAL_NOW is unset or not a date", () => {
    for (const value of [undefined, "", "not a date"]) {
      if (value === undefined) delete process.env.LOCAL_NOW;
      else process.env.LOCAL_NOW = value;
      expect(Math.abs(localNow().getTime() - Date.now())).toBeLessThan(1000);
    }
  });

  it.each([
    ["2026-11-02", 16, "2028-03-02"],
    ["2026-11-02", -29, "2024-06-02"],
    ["2026-01-31", 1, "2026-03-03"],
  ])("adds months in UTC: %s + %i = %s", (from, months, to) => {
    expect(addMonths(from, months)).toBe(to);
  });
});

describe("moving the stand-ins' clock forward (POST /api/local/clock on an expiry test server)", () => {
  const original = process.env.LOCAL_NOW;
  afterEach(() => {
    if (original === undefined) delete process.env.LOCAL_NOW;
    else process.env.LOCAL_NOW = original;
  });

  afterEach(() => db.query("UPDATE local_clock SET offset_ms = 0"));

  it("moves the pinned date and the running clock by the same amount", async () => {
    process.env.LOCAL_NOW = "2031-07-04T23:30:00Z";
    const before = localNow().getTime();
    const runningBefore = runningNowMs();
    await advanceLocalClock(db, 3_600_000);
    expect(localNow().getTime() - before).toBe(3_600_000);
    expect(localToday()).toBe(new Date(before + 3_600_000).toISOString().slice(0, 10));
    expect(runningNowMs() - runningBefore).toBeGreaterThanOrEqual(3_600_000);
    expect(runningNowMs() - runningBefore).toBeLessThan(3_600_000 + 1000);
  });

  it("never pins the running clock, which lifetimes are measured against", () => {
    process.env.LOCAL_NOW = "2031-07-04T23:30:00Z";
    const start = runningNowMs();
    expect(Math.abs(start - localNow().getTime())).toBeGreaterThan(1000);
  });

  it.each([-1, 0.5, Number.NaN])("refuses to move back or by a part of a millisecond (%p)", async (ms) => {
    await expect(advanceLocalClock(db, ms)).rejects.toThrow(RangeError);
  });

  it("is one clock for every instance on the database: another process reads how far it was moved", async () => {
    process.env.LOCAL_NOW = "2031-07-04T23:30:00Z";
    await advanceLocalClock(db, 90_000);
    await advanceLocalClock(db, 10_000);
    // Another process: nothing in memory, only the database.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("local.clock.offsetMs")];
    expect(localNow().toISOString()).toBe("2031-07-04T23:30:00.000Z");
    await syncLocalClock(db);
    expect(localNow().toISOString()).toBe("2031-07-04T23:31:40.000Z");
  });
});
