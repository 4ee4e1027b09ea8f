/**
 * Integration suites are known by name (`*.integration.test.ts`): `npm run check` skips them by that
 * name (jest.unit.config.mjs), so a suite that starts the stand-ins' server or a database under any
 * other name would slow the everyday check down, or fail it where no database can start. This finds
 * every suite that imports such a kit and names the ones not so called.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

jest.setTimeout(120_000);

/** The name jest.unit.config.mjs skips (the last test below runs that config to prove it). */
const INTEGRATION_SUITE = /\.integration\.test\.tsx?$/;

/** An import of a kit that starts the stand-ins' server or a database, or of PGlite itself. */
const SERVER_OR_DATABASE_KIT =
  /from\s+["'][^"']*(?:testing\/test-database|testing\/spawn-local-server|testing\/worker-server|testing\/api-test-kit|@electric-sql\/pglite)["']|import\(\s*["']@electric-sql\/pglite["']\s*\)/;

const root = process.cwd();
// Where no suite Jest runs lives: anywhere, and (the rest) at the top of the repository only.
const SKIPPED_ANYWHERE = new Set(["node_modules", ".next", ".git", ".stryker-tmp"]);
const SKIPPED_AT_TOP = new Set(["data", "reports", "test-results", "playwright-report", "coverage", "e2e"]);

function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_ANYWHERE.has(entry.name) && !(dir === root && SKIPPED_AT_TOP.has(entry.name))) found.push(...testFiles(full));
    } else if (/\.test\.tsx?$/.test(entry.name)) {
      found.push(path.relative(root, full));
    }
  }
  return found;
}

const self = path.relative(root, __filename);
// This file quotes the kits' imports as examples below; it imports none.
const importsKit = (file: string) => file !== self && SERVER_OR_DATABASE_KIT.test(readFileSync(path.join(root, file), "utf8"));

it("every suite that imports a server or database kit is named *.integration.test.ts", () => {
  const suites = testFiles(root);
  expect(suites.filter((f) => importsKit(f) && !INTEGRATION_SUITE.test(f))).toEqual([]);
  // The walk found the integration suites at all (a wrong root would pass the line above vacuously).
  expect(suites.filter((f) => importsKit(f)).length).toBeGreaterThan(20);
});

it("the kit pattern catches each kind of import", () => {
  for (const line of [
    'import { startLocalServer } from "../../infra/testing/spawn-local-server";',
    'import { testDatabase } from "@/local/infra/testing/test-database";',
    'import { gql, standInSuite } from "./testing/api-test-kit";',
    'import { PGlite } from "@electric-sql/pglite";',
    'const { PGlite } = await import("@electric-sql/pglite");',
  ]) {
    expect([line, SERVER_OR_DATABASE_KIT.test(line)]).toEqual([line, true]);
  }
  expect(SERVER_OR_DATABASE_KIT.test('import { cognitoCall } from "../../infra/testing/cognito-client";')).toBe(false);
  expect(INTEGRATION_SUITE.test("local/vendors/plaid/funding-api.pg.integration.test.ts")).toBe(true);
  expect(INTEGRATION_SUITE.test("local/vendors/plaid/funding-api.test.ts")).toBe(false);
});

it("npm run check's Jest lists no integration suite and every other suite", () => {
  const listed = execFileSync(process.execPath, [require.resolve("jest/bin/jest"), "-c", "jest.unit.config.mjs", "--listTests"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean)
    .map((f) => path.relative(root, f))
    .sort();
  const suites = testFiles(root);
  expect(listed.filter((f) => INTEGRATION_SUITE.test(f) || importsKit(f))).toEqual([]);
  expect(listed).toContain(self);
  expect(listed.length).toBeGreaterThan(suites.length / 2);
});
