/**
 * The limit check's own work is linear in the document: a small document that spreads fragments
 * 2^n ways is measured by visiting each selection once, and refused before anything runs.
 */
import { parse } from "graphql";
import { createGraphqlHandler } from "./handler";
import { checkLimits, measure } from "./limits";

/**
 * F0 spreads F1 twice, F1 spreads F2 twice, … F(n-1) spreads Fn twice; Fn selects one field (2^n
 * fields) or, as the review's request did, spreads an unknown fragment (no field to count: the old
 * walk went down all 2^n paths).
 */
function fanOut(n: number, leaf = "name"): string {
  const fragments = Array.from({ length: n }, (_, i) => `fragment F${i} on Employer { ...F${i + 1} ...F${i + 1} }`);
  fragments.push(`fragment F${n} on Employer { ${leaf} }`);
  return `mutation { loadEmployer(employerId: "1001") { ...F0 } } ${fragments.join(" ")}`;
}

/** Selections written in the document (what a linear walk visits at most). */
const selectionsIn = (source: string) => (source.match(/\.\.\.F\d+|\bname\b|loadEmployer/g) ?? []).length;

describe("measure", () => {
  it.each([
    [10, 2 ** 10],
    [20, 2 ** 20],
    [30, 2 ** 30],
    [60, 2 ** 60],
  ])("counts a %i-level fan-out as %d fields while visiting each selection once", (n, fields) => {
    const source = fanOut(n);
    const m = measure(parse(source));
    expect(m.cycle).toBeUndefined();
    expect(m.operations).toEqual([{ fields: fields + 1, aliases: 0, depth: 2 }]);
    expect(m.visits).toBe(selectionsIn(source));
    expect(m.visits).toBe(2 * n + 3);
  });

  it.each([
    ["a fragment spreading itself", "query { ...A } fragment A on Query { ...A }", "A"],
    ["two fragments spreading each other", "query { ...A } fragment A on Query { ...B } fragment B on Query { __typename ...A }", "A"],
    [
      "a cycle through an inline fragment",
      "query { ...A } fragment A on Query { ... on Query { ...B } } fragment B on Query { ...A }",
      "A",
    ],
    [
      "a cycle below a field",
      "query { ...A } fragment A on Query { __schema { types { ...B } } } fragment B on __Type { fields { type { ...B } } }",
      "B",
    ],
  ])("finds %s before expanding anything", (_, source, cycle) => {
    const m = measure(parse(source));
    expect(m.cycle).toBe(cycle);
    expect(m.visits).toBe(0);
    expect(checkLimits(parse(source)).map((e) => e.message)).toEqual([`Cannot spread fragment "${cycle}" within itself.`]);
  });

  it.each([
    ["leaf fields", "query { a b c }", { fields: 3, aliases: 0, depth: 1 }],
    ["nested fields", "query { a { b { c } } }", { fields: 3, aliases: 0, depth: 3 }],
    ["aliases", "query { x: a y: a { z: b } }", { fields: 3, aliases: 3, depth: 2 }],
    ["an inline fragment adds no depth", "query { ... on Query { a { b } } }", { fields: 2, aliases: 0, depth: 2 }],
    ["a fragment counted per spread", "query { a { ...F } b { ...F } } fragment F on T { x: c d }", { fields: 6, aliases: 2, depth: 2 }],
    [
      "a fragment's depth adds to where it is spread",
      "query { a { ...F } } fragment F on T { b { c { d } } }",
      { fields: 4, aliases: 0, depth: 4 },
    ],
    ["an unknown fragment (validation names it)", "query { a ...Missing }", { fields: 1, aliases: 0, depth: 1 }],
  ])("measures %s", (_, source, cost) => {
    expect(measure(parse(source)).operations).toEqual([cost]);
  });

  it("measures each operation of a document on its own", () => {
    expect(measure(parse("query A { a } query B { b { c } } fragment F on T { d }")).operations).toEqual([
      { fields: 1, aliases: 0, depth: 1 },
      { fields: 2, aliases: 0, depth: 2 },
    ]);
  });
});

describe("checkLimits", () => {
  it.each([
    [8, []],
    [9, ["Query selects more than the maximum of 300 fields."]],
  ])("a %i-level fan-out (2^n fields) is within or over the 300-field limit", (n, messages) => {
    expect(checkLimits(parse(fanOut(n))).map((e) => e.message)).toEqual(messages);
  });

  it("refuses depth and aliases reached only through fragments", () => {
    const deep = `query { ...A } fragment A on Query { a { ...B } } fragment B on T { b { c { d { e { f { g { h { i { j { k } } } } } } } } } }`;
    expect(checkLimits(parse(deep)).map((e) => e.message)).toEqual(["Query depth exceeds the maximum of 10."]);
    const aliases = `query { ...A ...A ...A } fragment A on Query { ${Array.from({ length: 7 }, (_, i) => `x${i}: a`).join(" ")} }`;
    expect(checkLimits(parse(aliases)).map((e) => e.message)).toEqual(["Query has more than the maximum of 20 aliases."]);
  });
});

describe("the handler with a 2^30 fan-out", () => {
  const API_KEY = "da2-limits-test";
  const handler = createGraphqlHandler({
    db: () => Promise.reject(new Error("a refused document never reaches the database")),
    auth: () => ({ issuer: "http://127.0.0.1:1/unused", jwksUrl: "http://127.0.0.1:1/unused", clientId: "unused", apiKey: API_KEY }),
  });
  const post = (query: string) =>
    handler(
      new Request("http://local/api/local/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY },
        body: JSON.stringify({ query }),
      }),
    );

  it("refuses it before running, and a request sent alongside is answered", async () => {
    const source = fanOut(30);
    expect(source.length).toBeLessThan(2_000);
    const [refused, other] = await Promise.all([post(source), post("query { __typename }")]);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({
      data: null,
      errors: [
        { errorType: "ValidationError", message: "Query selects more than the maximum of 300 fields.", errorInfo: null, data: null },
      ],
    });
    expect(await other.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("refuses a fan-out with nothing to count at its leaves, visiting each selection once", async () => {
    const source = fanOut(30, "...Nope");
    expect(measure(parse(source)).visits).toBe(2 * 30 + 3);
    const [refused, other] = await Promise.all([post(source), post("query { __typename }")]);
    expect((await refused.json()).errors.map((e: { message: string }) => e.message)).toEqual(['Unknown fragment "Nope".']);
    expect(await other.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("refuses a cycle with graphql-js's message", async () => {
    const reply = await post("query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }");
    expect((await reply.json()).errors.map((e: { message: string }) => e.message)).toEqual(['Cannot spread fragment "A" within itself.']);
  });
});
