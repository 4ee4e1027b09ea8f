// ESLint (flat config): Next's rules (eslint-config-next 16 ships flat configs: core-web-vitals
// brings @next/next, react, react-hooks, jsx-a11y and import; /typescript brings typescript-eslint's
// recommended set), the layering of the tree as import boundaries, reasons on every eslint-disable,
// and eslint-config-prettier last so that formatting is Prettier's alone (npm run format:check).
// No type-aware rules: `npm run lint` stays a few seconds on two cores.
import { defineConfig, globalIgnores } from "eslint/config";
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

const ROOT = import.meta.dirname;
const NEXT_FILES = ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"];

// ---------------------------------------------------------------------------------------------
// Layering (docs/architecture.md, "What may import what"):
//   lib/        imports nothing from components/, app/ or local/
//   components/ imports nothing from app/ or local/
//   the shell (app/, components/, lib/, middleware.ts, instrumentation*.ts, next.config.ts) reaches
//   the stand-ins (local/) only over HTTP: the one door, app/api/local/**, forwards to their own
//   process (local/server.ts), so the image's build never compiles them. scripts/, tools/, bench/,
//   e2e/ and contract/ (the contract test) are not the shell and may import local/.
//   Test code in the shell (*.test.ts(x), testing/ folders) may import the stand-ins' test helpers
//   (local/infra/testing, local/**/testing, local/lender/seed): a test starts a local server, it does
//   not ship.
//   local/ plays the services, so it never imports the shell's pages (app/), its kit
//   (components/) or its session and sign-in code (lib/session, lib/auth): a stand-in that judged
//   a token with the shell's own code would agree with the shell by construction. What both sides
//   share is a vendor's fact in a neutral lib/ module (lib/cognito, lib/esign, lib/config).
//   No import circles anywhere (import/no-cycle, at the end).
//
// Why import/no-restricted-paths: it judges the *resolved* file (through eslint-config-next's
// TypeScript resolver, which knows tsconfig's `@/*` paths), so `@/app/x`, `../../app/x`,
// `export … from`, `import()` and `require()` are all caught by one rule with no new plugin.
// no-restricted-imports matches the import string only: relative paths would need a pattern per
// folder depth and dynamic imports escape it. The one gap: an import that does not resolve is
// skipped, and `tsc --noEmit` already fails on those.
// ---------------------------------------------------------------------------------------------
// `files` globs name code files only: a block whose globs match a .css or .graphql file makes ESLint lint it.
const CODE = "*.{js,jsx,mjs,cjs,ts,tsx}";
const TEST_CODE = ["**/*.test.{ts,tsx}", `**/testing/**/${CODE}`];
const LOCAL_TEST_HELPERS = [`${ROOT}/local/infra/testing/**`, `${ROOT}/local/**/testing/**`, `${ROOT}/local/lender/seed/**`];

const zone = {
  app: { from: "./app", message: "app/ is the top layer: move what is shared into components/ or lib/." },
  components: { from: "./components", message: "lib/ must not depend on components/: move the shared piece into lib/." },
  local: {
    from: "./local",
    message: "The shell reaches the stand-ins over HTTP only: the one door (app/api/local/**) forwards to their own process.",
  },
  shellComponents: {
    from: "./components",
    message: "The stand-ins are the services' side: they render their own pages and never import the shell's kit.",
  },
  session: {
    from: "./lib/session",
    message:
      "A stand-in judges tokens as the real service does, never with the shell's session code; share a pure helper from a neutral lib/ module.",
  },
  auth: {
    from: "./lib/auth",
    message: "A stand-in never uses the shell's sign-in code; share a pure helper from a neutral lib/ module.",
  },
  serverSide: {
    from: ["./lib/session/server-session.ts", "./lib/session/signed-in-api.ts", "./lib/actions/user-action.ts"],
    message: "A page's _ui/ holds its components only: server code (the session, acting as the user) lives beside page.tsx.",
  },
  localExceptTestHelpers: {
    from: "./local/**",
    except: LOCAL_TEST_HELPERS,
    message: "Shell tests may import the stand-ins' test helpers only (local/infra/testing, local/**/testing, local/lender/seed).",
  },
};

/** One config block per group of files: a later block's options replace an earlier one's, so each lists all its zones. */
function boundaries(name, files, zones, ignores = []) {
  return {
    name: `boundaries/${name}`,
    files,
    ignores,
    rules: { "import/no-restricted-paths": ["error", { basePath: ROOT, zones: zones.map((z) => ({ target: "./", ...z })) }] },
  };
}

export default defineConfig([
  globalIgnores([
    "contract/generated/**",
    "lib/graphql/generated/**",
    "data/**",
    ".stryker-tmp/**",
    "reports/**",
    "playwright-report/**",
    "test-results/**",
    "e2e-artifacts/**",
    "coverage/**",
    "route-check-report/**",
    // The bare Next page the bundle budget and the vitals bench build beside the app.
    "**/.next/**",
  ]),
  ...nextVitals,
  ...nextTypescript,
  comments.recommended,
  {
    name: "project/all-files",
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A disable says why: `// eslint-disable-next-line rule -- reason`.
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: [] }],
      "no-nested-ternary": "error",
      // The tree's convention for deliberately unused names: a leading underscore, or the rest of
      // a destructuring that drops a key.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/no-unused-expressions": "error",
    },
  },
  {
    // The files eslint-config-next registers its plugins (react, react-hooks, import, …) for.
    name: "project/next-files",
    files: NEXT_FILES,
    rules: {
      "react-hooks/exhaustive-deps": "error",
      // `'` and `"` are ordinary text in JSX; `>` and `}` there are almost always a typo.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // These two come from the React Compiler's checks. The app is not built with the compiler,
      // and what they flag today is deliberate: the latest-callback ref (`latest.current = action`
      // during render), the synchronous double-submit lock, MoneyField's cache of the digits as
      // typed, and effects that reset a flag when their input turns off. Rewriting those changes
      // when things happen (a render later, or an extra render); revisit with `reactCompiler`.
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    name: "project/tests",
    files: TEST_CODE,
    // A test component that hands a hook's value out to the test through a module variable.
    rules: { "react-hooks/globals": "off" },
  },
  {
    name: "project/wire-readers",
    files: [...TEST_CODE, `e2e/**/${CODE}`, `tools/**/${CODE}`, `bench/**/${CODE}`],
    // Tests, the route check and benchmarks read protocol answers (Cognito's, GraphQL's JSON) field
    // by field, as a client would; typing each answer would restate the wire schema in every test.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    name: "project/config-files",
    files: ["**/*.config.{js,mjs,ts}"],
    // Config modules export an anonymous object by convention.
    rules: { "import/no-anonymous-default-export": "off" },
  },
  {
    name: "project/commonjs",
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  {
    // Every e2e page visit goes through the console gate (e2e/fixtures/console-gate.ts): a spec that
    // took `test` from Playwright directly would let console errors and CSP violations pass.
    name: "project/e2e-console-gate",
    files: ["e2e/**/*.spec.ts", "tools/check-routes/*.pw.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from e2e/fixtures/console-gate: it fails a test on any console error or CSP violation.",
            },
          ],
        },
      ],
    },
  },

  boundaries("lib", [`lib/**/${CODE}`], [zone.components, zone.app, zone.local], TEST_CODE),
  boundaries(
    "lib-tests",
    TEST_CODE.map((g) => `lib/${g}`),
    [zone.components, zone.app, zone.localExceptTestHelpers],
  ),
  boundaries("components", [`components/**/${CODE}`], [zone.app, zone.local], TEST_CODE),
  boundaries(
    "components-tests",
    TEST_CODE.map((g) => `components/${g}`),
    [zone.app, zone.localExceptTestHelpers],
  ),
  boundaries("app", [`app/**/${CODE}`], [zone.local], TEST_CODE),
  // Later than "app", so it replaces that block's zones for these files: it repeats zone.local.
  boundaries("app-ui", [`app/**/_ui/**/${CODE}`], [zone.local, zone.serverSide], TEST_CODE),
  boundaries(
    "app-tests",
    TEST_CODE.map((g) => `app/${g}`),
    [zone.localExceptTestHelpers],
  ),
  boundaries("middleware", ["middleware.ts", "instrumentation.ts", "instrumentation-node.ts", "next.config.ts"], [zone.local]),
  boundaries("local", [`local/**/${CODE}`], [zone.app, zone.shellComponents, zone.session, zone.auth]),
  boundaries("middleware-tests", ["middleware*.test.ts", "instrumentation*.test.ts"], [zone.localExceptTestHelpers]),

  {
    // A circle of imports makes load order decide what a module sees (an undefined binding at
    // start-up) and keeps two layers from being told apart. Type-only imports are erased and are
    // left out. Packages are neither followed (ignoreExternal) nor parsed (import/ignore), which
    // keeps the rule to a few seconds of `npm run lint`. The strongly-connected-components
    // shortcut is off: it fails on a file not on disk yet (an editor's unsaved buffer, the
    // boundary test's fixtures), and without packages the plain walk is faster anyway.
    name: "project/no-cycle",
    files: NEXT_FILES,
    settings: { "import/ignore": ["/node_modules/"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }] },
  },

  prettier,
]);
