// Rewrites the README's route table from lib/routing/route-table.ts (npm run routes:readme).
import { readFileSync, writeFileSync } from "node:fs";
import { withRouteTable } from "../lib/routing/route-table-markdown";

const file = new URL("../README.md", import.meta.url);
writeFileSync(file, withRouteTable(readFileSync(file, "utf8")));
console.log("README.md route table updated");
