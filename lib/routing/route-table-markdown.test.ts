import { readFileSync } from "node:fs";
import path from "node:path";
import { ROUTE_TABLE } from "./route-table";
import { routeTableMarkdown, withRouteTable } from "./route-table-markdown";

describe("docs/routes.md's route table", () => {
  it("is the one generated from the code (run npm run routes:readme after changing a route)", () => {
    const readme = readFileSync(path.join(process.cwd(), "docs", "routes.md"), "utf8");
    expect(withRouteTable(readme)).toBe(readme);
  });
  it("has a line for every row", () => {
    expect(routeTableMarkdown().split("\n")).toHaveLength(ROUTE_TABLE.length + 2);
  });
});
