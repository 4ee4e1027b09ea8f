import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import config from "./jest.config.mjs";

// `npm run check`'s Jest: every suite but the integration suites, those that start the stand-ins'
// server or a database. A suite is one when it imports a kit that does (the stand-ins' test
// database, their spawned server, the GraphQL stand-in's suite kit built on both) or PGlite itself,
// so a new suite is sorted by what it imports, not by a list. `npm test` runs them all.
const SERVER_OR_DATABASE_KIT =
  /from\s+["'][^"']*(?:testing\/test-database|testing\/spawn-local-server|testing\/api-test-kit|@electric-sql\/pglite)["']/;

const root = path.dirname(fileURLToPath(import.meta.url));
// Where no suite Jest runs lives: anywhere, and (the rest) at the top of the repository only.
const SKIPPED_ANYWHERE = new Set(["node_modules", ".next", ".git", ".stryker-tmp"]);
const SKIPPED_AT_TOP = new Set(["data", "reports", "test-results", "playwright-report", "coverage", "e2e"]);

/** Repository-relative paths of the test files that import a server or database kit. */
export function integrationSuites(dir = root) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_ANYWHERE.has(entry.name) && !(dir === root && SKIPPED_AT_TOP.has(entry.name))) found.push(...integrationSuites(full));
    } else if (/\.test\.tsx?$/.test(entry.name) && SERVER_OR_DATABASE_KIT.test(readFileSync(full, "utf8"))) {
      found.push(path.relative(root, full));
    }
  }
  return found;
}

export default async () => {
  const base = await config();
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    ...base,
    testPathIgnorePatterns: [...base.testPathIgnorePatterns, ...integrationSuites().map((p) => `<rootDir>/${escape(p)}$`)],
  };
};
