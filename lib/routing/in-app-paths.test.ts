import { IN_APP_PATHS, IN_APP_ROWS } from "./in-app-paths";
import { ROUTE_TABLE } from "./route-table";

describe("IN_APP_ROWS and IN_APP_PATHS", () => {
  const rows: readonly unknown[] = Object.values(IN_APP_ROWS);

  it("the table's in-app rows are exactly IN_APP_ROWS (write a new one there, then place it in the table)", () => {
    const inApp = ROUTE_TABLE.filter((r) => r.destination.kind === "in-app");
    expect(inApp.filter((r) => !rows.includes(r)).map((r) => r.id)).toEqual([]);
    expect(inApp).toHaveLength(rows.length);
  });

  it("IN_APP_PATHS holds each in-app row's path as the matcher keys it", () => {
    const fromTable = ROUTE_TABLE.filter((r) => r.destination.kind === "in-app").map((r) => r.pattern.toLowerCase());
    expect([...IN_APP_PATHS].sort()).toEqual(fromTable.sort());
  });

  it("holds only plain lower-case paths (no parameters), so a set lookup of the matcher's key finds them", () => {
    for (const p of IN_APP_PATHS) expect(p).toMatch(/^\/[a-z0-9_-]+(\/[a-z0-9_-]+)*$/);
  });
});
