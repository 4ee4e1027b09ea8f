import { execFileSync } from "node:child_process";

// The layering rules in eslint.config.mjs (import/no-restricted-paths) and the ban on import
// circles (import/no-cycle), checked by linting small fixtures with ESLint's Node API: each fixture
// is a file path and one import, and the test says whether the rule reports it. The imports name real files: the rule judges the file an
// import resolves to (so `@/…` and relative paths are the same to it).
//
// ESLint loads eslint.config.mjs with a dynamic import(), which Jest's module sandbox refuses
// without --experimental-vm-modules, so the linting runs in a child Node process.

interface Fixture {
  filePath: string;
  code: string;
}

const LINT_IN_NODE = `
import { ESLint } from "eslint";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath });
  if (result.messages.some((m) => m.fatal)) throw new Error(filePath + ": " + result.messages[0].message);
  out.push(result.messages.filter((m) => m.ruleId?.startsWith("import/")).map((m) => m.ruleId + ": " + m.message));
}
process.stdout.write(JSON.stringify(out));
`;

/** Each fixture's import/* reports, as "rule: message". */
function lintAll(fixtures: Fixture[]): string[][] {
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", LINT_IN_NODE], {
    cwd: __dirname,
    input: JSON.stringify(fixtures),
    encoding: "utf8",
  });
  return JSON.parse(stdout) as string[][];
}

const staticImport = (source: string) => `import x from "${source}";\nexport const y = x;\n`;

// [file, import, reported?]
const cases: [string, string, boolean][] = [
  // lib/ imports nothing from components/, app/ or local/
  ["lib/x.ts", "@/components/ui/class-names", true],
  ["lib/sub/x.ts", "../../components/ui/class-names", true],
  ["lib/x.ts", "@/app/error", true],
  ["lib/sub/x.ts", "../../app/error", true],
  ["lib/x.ts", "@/local/infra/db/index", true],
  ["lib/sub/x.ts", "../../local/infra/db/index", true],
  ["lib/x.ts", "@/lib/format/phone", false],
  ["lib/sub/x.ts", "../format/phone", false],
  // a page's _ui/ holds components, never server code
  ["app/(dashboard)/x/_ui/y.tsx", "@/lib/session/signed-in-api", true],
  ["app/(dashboard)/x/_ui/y.tsx", "../../../../lib/session/server-session", true],
  ["app/(dashboard)/x/_ui/y.tsx", "@/lib/actions/user-action", true],
  ["app/(dashboard)/x/_ui/y.tsx", "@/local/infra/db/index", true],
  ["app/(dashboard)/x/_ui/y.tsx", "@/lib/format/phone", false],
  ["app/(dashboard)/x/y.ts", "@/lib/session/signed-in-api", false],
  // lib/ tests: the stand-ins' test helpers only
  ["lib/x.test.ts", "@/local/infra/testing/spawn-local-server", false],
  ["lib/x.test.ts", "@/local/lender/graphql/testing/api-test-kit", false],
  ["lib/x.test.ts", "@/local/lender/seed/personas", false],
  ["lib/x.test.ts", "@/local/infra/db/index", true],
  ["lib/x.test.ts", "@/components/ui/class-names", true],
  ["lib/x.test.ts", "@/app/error", true],
  ["lib/routing/testing/helper.ts", "@/local/infra/testing/spawn-local-server", false],
  // components/ imports nothing from app/ or local/
  ["components/x.tsx", "@/app/error", true],
  ["components/x.tsx", "../app/error", true],
  ["components/sub/x.tsx", "../../app/error", true],
  ["components/x.tsx", "@/local/infra/db/index", true],
  ["components/x.tsx", "../local/infra/db/index", true],
  ["components/x.tsx", "@/lib/format/phone", false],
  ["components/x.tsx", "@/components/ui/class-names", false],
  ["components/x.test.tsx", "@/app/error", true],
  ["components/x.test.tsx", "@/local/lender/seed/personas", false],
  ["components/x.test.tsx", "@/local/infra/db/index", true],
  // app/ reaches local/ only over HTTP: its door, app/api/local/**, forwards to their process
  ["app/x.tsx", "@/app/error", false],
  ["app/x.tsx", "@/components/ui/class-names", false],
  ["app/x.tsx", "@/lib/format/phone", false],
  ["app/x.tsx", "@/local/infra/db/index", true],
  ["app/(dashboard)/x/page.tsx", "../../../local/infra/db/index", true],
  ["app/api/session/x/route.ts", "@/local/vendors/cognito/runtime", true],
  ["app/api/local/[...path]/route.ts", "@/local/routes", true],
  ["app/api/local/cognito/route.ts", "@/local/vendors/cognito/runtime", true],
  ["app/x.test.ts", "@/local/infra/testing/spawn-local-server", false],
  ["app/x.test.ts", "@/local/infra/db/index", true],
  // middleware.ts
  ["middleware.ts", "./local/infra/db/index", true],
  ["middleware.ts", "@/local/infra/db/index", true],
  ["middleware.test.ts", "@/local/infra/testing/spawn-local-server", false],
  ["middleware.test.ts", "@/local/infra/db/index", true],
  // the server's start-up and the build's configuration are the shell too
  ["instrumentation.ts", "./local/startup", true],
  ["instrumentation-node.ts", "./local/startup", true],
  ["next.config.ts", "./local/routes", true],
  ["instrumentation-node.test.ts", "./local/infra/testing/spawn-local-server", false],
  // not the shell: may import local/
  ["e2e/x.spec.ts", "@/local/lender/seed/personas", false],
  ["tools/x/x.ts", "@/local/lender/seed/personas", false],
  ["scripts/x.ts", "../local/infra/db/index", false],
  ["bench/x.bench.ts", "../local/infra/db/index", false],
  ["local/x.ts", "./db/index", false],
  // local/ plays the services: never the shell's pages, kit, session or sign-in code
  ["local/x.ts", "@/lib/session/session", true],
  ["local/sub/x.ts", "../../lib/session/id-token", true],
  ["local/x.test.ts", "@/lib/session/testing/token-kit", true],
  ["local/x.ts", "@/lib/auth/identifier", true],
  ["local/x.ts", "@/app/error", true],
  ["local/sub/x.ts", "../../components/ui/class-names", true],
  ["local/x.ts", "@/lib/cognito/amplify-cookies", false],
  ["local/x.ts", "@/lib/config/env", false],
];

const other: [string, Fixture, boolean][] = [
  ["a re-export", { filePath: "components/x.ts", code: `export { default } from "@/app/error";\n` }, true],
  ["a dynamic import", { filePath: "middleware.ts", code: `export const load = () => import("./local/startup");\n` }, true],
  ["a dynamic import", { filePath: "instrumentation-node.ts", code: `export const load = () => import("./local/startup");\n` }, true],
  [
    "a type-only import",
    { filePath: "lib/x.ts", code: `import type { Persona } from "@/local/lender/seed/personas";\nexport type P = Persona;\n` },
    true,
  ],
];

// Circles: the fixture stands in for a real file that a real file imports, so its import closes a
// loop on disk. action-request.ts imports json-body.ts.
const circles: [string, Fixture, boolean][] = [
  [
    "an import that closes a circle",
    {
      filePath: "lib/security/json-body.ts",
      code: `import { checkActionRequest } from "./action-request";\nexport const c = checkActionRequest;\n`,
    },
    true,
  ],
  [
    "a re-export that closes a circle",
    { filePath: "lib/security/json-body.ts", code: `export { checkActionRequest } from "./action-request";\n` },
    true,
  ],
  [
    "a type-only import back (erased: no circle at run time)",
    {
      filePath: "lib/security/json-body.ts",
      code: `import type { ActionRefusal } from "./action-request";\nexport type R = ActionRefusal;\n`,
    },
    false,
  ],
  [
    "an import that does not come back",
    { filePath: "lib/security/json-body.ts", code: `import { hasInvalidText } from "./text";\nexport const t = hasInvalidText;\n` },
    false,
  ],
];

let results: string[][];

beforeAll(() => {
  results = lintAll([
    ...cases.map(([filePath, source]) => ({ filePath, code: staticImport(source) })),
    ...other.map(([, fixture]) => fixture),
    ...circles.map(([, fixture]) => fixture),
  ]);
}, 120_000);

const reportsOf = (i: number, rule: string) => results[i]!.filter((m) => m.startsWith(`${rule}: `));

test.each(cases.map((c, i) => [...c, i] as const))("%s importing %s: reported %p", (_file, _source, reported, i) => {
  expect(reportsOf(i, "import/no-restricted-paths").length > 0).toBe(reported);
});

test.each(other.map((c, i) => [c[0], c[1].filePath, c[2], cases.length + i] as const))(
  "%s in %s: reported %p",
  (_what, _file, reported, i) => {
    expect(reportsOf(i, "import/no-restricted-paths").length > 0).toBe(reported);
  },
);

test.each(circles.map((c, i) => [c[0], c[2], cases.length + other.length + i] as const))("%s: reported %p", (_what, reported, i) => {
  expect(reportsOf(i, "import/no-cycle").length > 0).toBe(reported);
});

test("no fixture but the circles trips import/no-cycle", () => {
  const cycles = results.slice(0, cases.length + other.length).flatMap((_, i) => reportsOf(i, "import/no-cycle"));
  expect(cycles).toEqual([]);
});

test("the message says which boundary and why", () => {
  const i = cases.findIndex(([file, source]) => file === "components/x.tsx" && source === "@/local/infra/db/index");
  expect(results[i]).toEqual([expect.stringContaining("over HTTP only")]);
  const j = cases.findIndex(([file, source]) => file === "local/x.ts" && source === "@/lib/session/session");
  expect(results[j]).toEqual([expect.stringContaining("never with the shell's session code")]);
});
