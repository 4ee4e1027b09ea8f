import { addMonths, localNow, localToday } from "./clock";

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
