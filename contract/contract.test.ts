/**
 * The contract's checks: the generated files are what `npm run codegen` makes now; every operation
 * the shell sends validates against the schema; the stand-in's resolver map covers exactly the
 * schema's root fields; the shell sends no GraphQL except the generated documents, and tests and
 * e2e send the generated documents rather than operations written by hand.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { buildExecutableSchema, coverage } from "../local/lender/graphql/executable-schema";
import { resolvers, type RootResolvers } from "../local/lender/graphql/resolvers";
import { contractSchema, publicFields } from "../local/lender/graphql/schema";
import { SHELL_DOCUMENTS } from "../codegen";
import * as generated from "../lib/graphql/generated/operations";
import { handWrittenMessage, handWrittenOperations } from "./testing/hand-written";
import { operationProblems, readDocumentGlobs, readOperationFiles, type OperationFile } from "./testing/operation-check";

jest.setTimeout(60_000);

const root = join(__dirname, "..");
const schema = contractSchema();

describe("generated files", () => {
  it("are up to date with contract/schema and the shell's documents (run npm run codegen)", () => {
    const run = spawnSync(join(root, "node_modules/.bin/tsx"), ["scripts/codegen/check.ts"], { cwd: root, encoding: "utf8" });
    expect(run.stderr.trim()).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("operations", () => {
  it("every document the shell sends validates against the contract", () => {
    const files = readDocumentGlobs(root, SHELL_DOCUMENTS).map((f) => ({ ...f, path: relative(root, f.path) }));
    // The shell-wide documents and each page's beside its operations.ts.
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["lib/graphql/documents/session.graphql", "app/(dashboard)/bank/operations.graphql"]),
    );
    expect(operationProblems(schema, files)).toEqual([]);
  });

  it("an operation is validated with the fragments it uses, from any file", () => {
    const problems = operationProblems(schema, [
      { path: "f.graphql", source: "fragment Flagged on Flags { adminPortalUser nope }" },
      { path: "o.graphql", source: "query withFlags { loadFrontend { flags { ...Flagged } } }\nquery plain { queries }" },
    ]);
    expect(problems).toEqual(['o.graphql: query withFlags: Cannot query field "nope" on type "Flags".']);
  });

  it("a broken operation fails with a message naming its file and operation", () => {
    const files = readOperationFiles(join(root, "contract/testing/fixtures")).map((f) => ({ ...f, path: relative(root, f.path) }));
    expect(operationProblems(schema, files)).toEqual([
      'contract/testing/fixtures/broken-operation.graphql: query brokenLoad: Cannot query field "stepName" on type "AppInfo". Did you mean "username" or "step"?',
    ]);
  });

  it("anonymous, duplicate and unparsable operations are reported", () => {
    const problems = operationProblems(schema, [
      { path: "a.graphql", source: "query { queries }\nquery same { queries }" },
      { path: "b.graphql", source: "mutation same($m: String!) { logs(message: $m) }" },
      { path: "c.graphql", source: "query broken {" },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^c\.graphql: Syntax Error/);
    expect(problems[1]).toMatch(/^a\.graphql: query \(anonymous\): every operation needs a name/);
    expect(problems[2]).toBe("b.graphql: mutation same: the name is already used in a.graphql");
  });

  it("the shell sends GraphQL only through the generated documents", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const source = readFileSync(path, "utf8");
          if (/\bgql`|\.request<|rawRequest\(/.test(source)) offenders.push(relative(root, path));
        }
      }
    };
    for (const dir of ["app", "components", "lib"]) walk(join(root, dir));
    expect(offenders).toEqual([]);
  });
});

/** Every test file and everything under e2e/, except contract/'s own: its operations are the checks' inputs, never sent. */
function testSources(): OperationFile[] {
  const files: OperationFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (entry.isDirectory()) {
        if (rel !== "contract") walk(path);
      } else if (/\.tsx?$/.test(entry.name) && (/\.test\.tsx?$/.test(entry.name) || rel.startsWith("e2e/"))) {
        files.push({ path: rel, source: readFileSync(path, "utf8") });
      }
    }
  };
  walk(root);
  return files;
}

describe("GraphQL in tests and e2e", () => {
  const sources = testSources();
  const found = handWrittenOperations(schema, generated, sources);

  it("reads the test files and e2e", () => {
    const paths = sources.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "middleware.test.ts",
        "e2e/fixtures/applicant.ts",
        "local/lender/graphql/graphql-api.pg.integration.test.ts",
      ]),
    );
    expect(paths.some((p) => p.startsWith("contract/"))).toBe(false);
  });

  it("tests and e2e send the generated documents, not operations written by hand", () => {
    expect(found.map(handWrittenMessage)).toEqual([]);
  });

  it("an operation written by hand is named with its file, line and the document to send; a probe the contract refuses or a field no document sends is not", () => {
    const source = [
      'const step = "mutation ($e: ID!) { setEmployer(employerId: $e) { nextRoute } }";',
      "const named = `query frontend { loadFrontend { applicationStep } }`;",
      'const hole = `mutation { setEmployer(employerId: "${id}") { nextRoute } setApplicationStep(applicationStep: ${step}) { applicationStep } }`;',
      'const probe = "query { loadFrontend { nope } }";',
      'const notSent = "query { rating { rating } }";',
      'await user.keyboard("{Enter}");',
    ].join("\n");
    expect(handWrittenOperations(schema, generated, [{ path: "x.test.ts", source }]).map(handWrittenMessage)).toEqual([
      "x.test.ts:1: mutation (anonymous) { setEmployer } is written by hand; send SetEmployerDocument from lib/graphql/generated/operations",
      "x.test.ts:2: query frontend { loadFrontend } is written by hand; send BankDirectDepositDocument or LoadFrontendDocument or RestrictedRefusalDecidedAtDocument or RestrictedRefusalDocument from lib/graphql/generated/operations",
      "x.test.ts:3: mutation (anonymous) { setEmployer setApplicationStep } is written by hand; send SetEmployerDocument or SetApplicationStepDocument from lib/graphql/generated/operations",
    ]);
  });
});

describe("wire types", () => {
  it("no object type of the contract is written by hand on either side (use contract/generated or the operation types)", () => {
    const names = Object.values(schema.getTypeMap())
      .filter((t) => !t.name.startsWith("__"))
      .map((t) => t.name);
    const declaration = new RegExp(
      `^\\s*(?:export\\s+)?(?:interface\\s+(${names.join("|")})\\b|type\\s+(${names.join("|")})\\s*=\\s*\\{)`,
      "m",
    );
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (name === "generated" || name === "node_modules") continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) {
          const match = declaration.exec(readFileSync(path, "utf8"));
          if (match) offenders.push(`${relative(root, path)}: ${match[1] ?? match[2]}`);
        }
      }
    };
    for (const dir of ["app", "components", "lib", "local"]) walk(join(root, dir));
    expect(offenders).toEqual([]);
  });
});

describe("the stand-in's resolvers", () => {
  it("cover exactly the contract's root fields", () => {
    expect(coverage(schema, resolvers)).toEqual({ missing: [], extra: [] });
  });

  it("a map that misses or adds a field is refused with the field's name", () => {
    const { logs: _logs, ...mutation } = resolvers.Mutation;
    const broken = { Query: { ...resolvers.Query, extra: () => null }, Mutation: mutation } as unknown as RootResolvers;
    expect(() => buildExecutableSchema(broken)).toThrow(
      "The resolver map does not match the contract (contract/schema): no resolver for Mutation.logs; resolvers for fields the contract lacks: Query.extra",
    );
  });

  it("the API key reaches exactly the fields the contract marks @aws_api_key", () => {
    expect([...publicFields(schema)].sort()).toEqual(["checkIfIslandInAlgolia", "leadsModel", "loadEmployer"]);
  });
});
