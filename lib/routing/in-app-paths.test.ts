import { IN_APP_PATHS } from "./in-app-paths";
import { ROUTE_TABLE } from "./route-table";

describe("IN_APP_PATHS", () => {
  it("lists exactly the route table's in-app rows (add a row there, add its path here)", () => {
    const fromTable = ROUTE_TABLE.filter((r) => r.destination.kind === "in-app").map((r) => r.pattern.toLowerCase());
    expect([...IN_APP_PATHS].sort()).toEqual(fromTable.sort());
  });

  it("holds only plain paths (no parameters), so a set lookup matches them", () => {
    for (const p of IN_APP_PATHS) expect(p).toMatch(/^\/[a-z0-9_-]+(\/[a-z0-9_-]+)*$/);
  });
});
