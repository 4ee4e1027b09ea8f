/**
 * SPEC 7's operations are all in the contract and all resolved by the stand-in: none answers
 * NotImplemented (issue 11). The coverage rule itself (a map must match the contract exactly) is
 * pinned in contract/contract.test.ts; the lending operations' answers over HTTP in graphql-api.pg.integration.test.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { coverage } from "./executable-schema";
import { resolvers } from "./resolvers";
import { contractSchema, rootFields } from "./schema";

/** SPEC 7, "Mutations" and "Queries", as written there. */
const SPEC_MUTATIONS = [
  "checkIfIslandInAlgolia",
  "applies",
  "identifies",
  "employmentInformationNextHandler",
  "setEmployer",
  "setApplicationStep",
  "gtmEcommerceId",
  "logOriginTracking",
  "links",
  "manually",
  "setActiveFSID",
  "verifies",
  "setApplyExtraPaymentFlag",
  "justRegistered",
  "preQualification",
  "counters",
  "initializeArgyle",
  "successfulArgyleUpdate",
  "originationPaymentCalculator",
  "addData",
  "checkItemStatus",
  "setEvolveConsent",
  "logs",
  "loadEmployer",
];
const SPEC_QUERIES = ["accounts", "gets", "queries", "rating", "qualifies", "loadFrontend", "leadsModel"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "testing" ? [] : sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

describe("SPEC 7 operations", () => {
  const schema = contractSchema();
  const inContract = new Set(rootFields(schema).map((f) => f.name));

  it.each([...SPEC_MUTATIONS, ...SPEC_QUERIES])("%s is in the contract and has a resolver", (op) => {
    expect(inContract.has(op)).toBe(true);
    const map = { ...resolvers.Query, ...resolvers.Mutation } as Record<string, unknown>;
    expect(typeof map[op]).toBe("function");
  });

  it("the resolver map covers the contract exactly", () => {
    expect(coverage(schema, resolvers)).toEqual({ missing: [], extra: [] });
  });

  it("no stand-in code can answer NotImplemented", () => {
    const root = path.join(__dirname, "../..");
    const offenders = sources(root).filter((file) => readFileSync(file, "utf8").includes("NotImplemented"));
    expect(offenders).toEqual([]);
  });
});
