import { formatBirthdate, formatDate, parseDate } from "./dates";

const MAR_2_2026_UTC = Date.UTC(2026, 2, 2);

describe("formatDate ('MMM DD, YYYY', UTC)", () => {
  it.each([
    ["2026-03-02", "Mar 02, 2026"],
    ["03/02/2026", "Mar 02, 2026"],
    [MAR_2_2026_UTC, "Mar 02, 2026"],
    [String(MAR_2_2026_UTC), "Mar 02, 2026"],
    [new Date(MAR_2_2026_UTC), "Mar 02, 2026"],
    // Late evening in New York is already the next day in UTC.
    ["2026-03-01T23:30:00-05:00", "Mar 02, 2026"],
    ["2026-03-02T23:59:59.999Z", "Mar 02, 2026"],
    ["2026-12-31T00:00:00Z", "Dec 31, 2026"],
    ["2024-02-29", "Feb 29, 2024"],
    ["2025-02-29", ""],
    ["2026-13-01", ""],
    ["2026-02-30", ""],
    ["02/30/2026", ""],
    ["March 2, 2026", ""],
    ["tomorrow", ""],
    ["", ""],
    [Number.NaN, ""],
    [new Date("nope"), ""],
    [null, ""],
    [undefined, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });
});

describe("formatBirthdate (MM/DD/YYYY, UTC)", () => {
  it.each([
    ["1990-07-04", "07/04/1990"],
    ["07/04/1990", "07/04/1990"],
    ["1990-07-04T00:00:00.000Z", "07/04/1990"],
    ["0099-01-01", "01/01/0099"],
    [Date.UTC(1990, 0, 1), "01/01/1990"],
    ["1990-7-4", ""],
    ["junk", ""],
    [null, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatBirthdate(input)).toBe(expected);
  });
});

describe("time-zone independence", () => {
  // jest.config.mjs starts every worker in America/Los_Angeles (TZ cannot change inside a running
  // worker), where UTC midnight is the previous local day: local getters would show the wrong date.
  it("runs west of UTC, so a local-time getter would show the previous day", () => {
    expect(new Date(MAR_2_2026_UTC).getTimezoneOffset()).toBeGreaterThan(0);
    expect(new Date(MAR_2_2026_UTC).getDate()).toBe(1);
  });

  it("still shows the UTC calendar day", () => {
    expect(formatDate("2026-03-02")).toBe("Mar 02, 2026");
    expect(formatBirthdate("03/02/2026")).toBe("03/02/2026");
    expect(formatBirthdate("2026-03-02")).toBe("03/02/2026");
  });
});

describe("parseDate", () => {
  it("reads calendar dates as UTC midnight", () => {
    expect(parseDate("2026-03-02")?.getTime()).toBe(MAR_2_2026_UTC);
  });
});
