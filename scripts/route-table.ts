// Rewrites the route table in docs/routes.md from lib/routing/route-table.ts (npm run routes:readme).
import { readFileSync, writeFileSync } from "node:fs";
import { withRouteTable } from "../lib/routing/route-table-markdown";

const file = new URL("../docs/routes.md", import.meta.url);
writeFileSync(file, withRouteTable(readFileSync(file, "utf8")));
console.log("docs/routes.md route table updated");
