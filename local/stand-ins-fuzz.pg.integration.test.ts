/**
 * No client input gets a 5xx from a stand-in (issue 25): every endpoint of the mount table, every
 * method it names, and bodies a client can send — JSON nested 10,000 deep, NUL and lone surrogates
 * (in values and keys, once decoded), bodies over each limit, wrong types and content types — plus
 * cases generated from a fixed seed, so a failure replays. The same corpus goes to a built server
 * in e2e/fuzz.spec.ts; this one runs in seconds, without a build.
 */
import { print } from "graphql";
import { LOCAL_DEFAULTS } from "../lib/config/env";
import { LogsDocument, SetEmployerDocument } from "../lib/graphql/generated/operations";
import { STAND_IN_MOUNTS } from "../lib/config/local-paths";
import { MAX_JSON_DEPTH } from "../lib/security/json-body";
import { persona, standInSuite } from "./lender/graphql/testing/api-test-kit";

jest.setTimeout(180_000);

const server = standInSuite({ LOCAL_CLOCK_CONTROL: "1" });
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;
const API_KEY = LOCAL_DEFAULTS.graphqlApiKey;
const POOL = LOCAL_DEFAULTS.cognitoUserPoolId;

const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

/** Bodies a client can send: each endpoint gets every one. */
export const NASTY_BODIES: ReadonlyArray<readonly [string, string]> = [
  ["array 10,000 deep", deepArray(10_000)],
  ["object 10,000 deep", deepObject(10_000)],
  ["one past the nesting limit", `{"a":${deepArray(MAX_JSON_DEPTH)}}`],
  [
    "NUL in a value",
    '{"query":"a\\u0000b","ClientId":"\\u0000","link_token":"\\u0000","userToken":"\\u0000","token":"\\u0000","requests":[{"indexName":"\\u0000","query":"\\u0000"}]}',
  ],
  ["lone surrogate in a value", '{"query":"\\ud800","link_token":"\\udc00","userToken":"\\ud800","requests":[{"query":"\\ud800"}]}'],
  ["NUL in a key", '{"a\\u0000":1}'],
  ["raw NUL byte", "\u0000"],
  ["not JSON", "{"],
  ["empty", ""],
  ["null", "null"],
  ["a number", "1e999"],
  ["a huge string", JSON.stringify({ query: "x".repeat(3 * 1024 * 1024) })],
  ["wrong types", '{"query":1,"variables":[],"requests":"x","ClientId":{},"link_token":[],"userToken":1,"advanceSeconds":"1"}'],
  // Issue 43: two parentId filters ANDed once answered 500; any facetFilters get results or a 400.
  ...(
    [
      ["two parents ANDed", ["parentId:1", "parentId:2"]],
      ["parents ORed and negated", [["parentId:1", "-parentId:2"], "-parentId:3"]],
      ["another attribute", ["name:x"]],
      ["nested too deep", [[["parentId:1"]]]],
      ["not strings", [1, null, {}, [true]]],
      ["no colon, empty group, NUL", ["parentId", [], "parentId:\u0000"]],
      ["a string", "-parentId:1"],
    ] as const
  ).map(([what, facetFilters]) => {
    const query = { indexName: "local_employers", query: "", facetFilters };
    return [`facetFilters: ${what}`, JSON.stringify({ ...query, requests: [query] })] as const;
  }),
  [
    "GraphQL variables nested 10,000 deep",
    `{"query":"query Q($id: String!) { loadEmployer(employerId: $id) { name } }","variables":{"id":${deepObject(10_000)}}}`,
  ],
  [
    "GraphQL with a NUL variable",
    '{"query":"query Q($id: String!) { loadEmployer(employerId: $id) { name } }","variables":{"id":"\\u0000"}}',
  ],
];

const CONTENT_TYPES = ["application/json", "text/plain", "application/x-amz-json-1.1", "application/x-www-form-urlencoded", undefined];

/** Every endpoint of every mount, with the headers a real caller sends. */
function endpoints(token: string): Array<{ name: string; path: string; headers: Record<string, string> }> {
  const cognito = (op: string) => ({
    name: `cognito ${op}`,
    path: "/api/local/cognito",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${op}` },
  });
  return [
    ...["SignUp", "InitiateAuth", "RespondToAuthChallenge", "GetTokensFromRefreshToken", "GetUser", "RevokeToken", "GlobalSignOut"].map(
      cognito,
    ),
    { name: "graphql, API key", path: "/api/local/graphql", headers: { "content-type": "application/json", "x-api-key": API_KEY } },
    { name: "graphql, signed in", path: "/api/local/graphql", headers: { "content-type": "application/json", authorization: token } },
    { name: "algolia multi", path: "/api/local/algolia/1/indexes/*/queries", headers: { "content-type": "text/plain" } },
    { name: "algolia single", path: "/api/local/algolia/1/indexes/local_employers/query", headers: { "content-type": "text/plain" } },
    { name: "esign sign", path: "/api/local/esign/sign", headers: { "content-type": "application/json" } },
    { name: "esign exit", path: "/api/local/esign/exit", headers: { "content-type": "application/json" } },
    { name: "argyle session", path: "/api/local/argyle/session", headers: { "content-type": "application/json" } },
    { name: "argyle accounts", path: "/api/local/argyle/accounts", headers: { "content-type": "application/json" } },
    { name: "plaid token", path: "/api/local/plaid/link/token/get", headers: { "content-type": "application/json" } },
    { name: "plaid login", path: "/api/local/plaid/link/login", headers: { "content-type": "application/json" } },
    { name: "plaid webhook", path: "/api/local/plaid/webhook", headers: { "content-type": "application/json" } },
    { name: "clock", path: "/api/local/clock", headers: { "content-type": "application/json" } },
    {
      name: "lending app form",
      path: "/api/local/apps/lending/apply/loanDetails",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
    {
      name: "dashboard app form",
      path: "/api/local/apps/dashboard/contract",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    },
  ];
}

/** GET paths and queries: NUL and lone surrogates once decoded, malformed encoding. */
const NASTY_PATHS = [
  "/api/local/maps/places/%00",
  "/api/local/maps/places/a%00b",
  "/api/local/maps/places/%ED%A0%80",
  "/api/local/maps/geocode?address=a%00b",
  "/api/local/maps/autocomplete?input=%00",
  "/api/local/maps/autocomplete?input=%ED%A0%80",
  "/api/local/maps/autocomplete?input=%E0%A4%A",
  "/api/local/algolia/1/indexes/%00/query",
  "/api/local/outbox?format=json&to=%00",
  `/api/local/cognito/${POOL}/.well-known/jwks.json?x=%00`,
  "/api/local/cognito/%00/.well-known/jwks.json",
  "/api/local/apps/dashboard/%00",
  "/api/local/apps/lending/apply/%00",
  "/api/local/esign/editor/embeddedSign?token=%00",
  "/api/local/esign/%00",
  "/api/local/argyle/%00",
  "/api/local/plaid/%00",
  "/api/local/graphql?query=%00",
];

async function send(path: string, init: RequestInit): Promise<number> {
  const res = await fetch(`${server.url}${path}`, { ...init, redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
}

/** mulberry32, as in e2e/fuzz.spec.ts: the same cases every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("no 5xx from any client input to a stand-in", () => {
  let cookie = "";
  let token = "";
  beforeAll(async () => {
    token = await server.tokenFor("newcomer@example.com");
    const p = persona("newcomer@example.com");
    cookie = `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${p.username}; CognitoIdentityServiceProvider.${CLIENT}.${p.username}.idToken=${token}`;
  });

  it("every endpoint × every nasty body", async () => {
    const problems: string[] = [];
    for (const e of endpoints(token)) {
      for (const [label, body] of NASTY_BODIES) {
        const headers = { ...e.headers, cookie, origin: server.url };
        const status = await send(e.path, { method: "POST", headers, body });
        if (status >= 500) problems.push(`${e.name} ← ${label}: ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every mount × every method × content types", async () => {
    const problems: string[] = [];
    const paths = Object.values(STAND_IN_MOUNTS).map((m) => `/api/local/${m.path.replace(":poolId", POOL).replace("*", "x")}`);
    for (const path of paths) {
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        for (const contentType of CONTENT_TYPES) {
          const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
          const body = method === "GET" || method === "HEAD" ? undefined : '{"a":"\\u0000"}';
          const status = await send(path, { method, headers, body });
          if (status >= 500) problems.push(`${method} ${path} (${contentType}): ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(NASTY_PATHS)("GET %s is answered 4xx or 2xx, never 5xx", async (path) => {
    expect(await send(path, { method: "GET", headers: { cookie } })).toBeLessThan(500);
  });

  it("generated bodies (a fixed seed): mutations of real requests", async () => {
    const random = rng(25);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const valid = [
      { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "newcomer@example.com" } },
      { query: "query Q($id: String!) { loadEmployer(employerId: $id) { name } }", variables: { id: "1001" } },
      { requests: [{ indexName: "local_employers", query: "school", hitsPerPage: 5 }] },
      { link_token: "link-sandbox-x", institution_id: "ins_109508", username: "user_good", password: "pass_good" },
      { userToken: "x", itemId: "y" },
    ];
    const mutate = (value: unknown, depth = 0): unknown => {
      if (depth > 4) return value;
      if (typeof value === "string") return pick([value, "\u0000", "\ud800", value + "\udfff", "x".repeat(5000), 1, null, [], {}]);
      if (Array.isArray(value)) return random() < 0.2 ? JSON.parse(deepArray(50)) : value.map((v) => mutate(v, depth + 1));
      if (value && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [random() < 0.1 ? `${k}\u0000` : k, mutate(v, depth + 1)]));
      return value;
    };
    const problems: string[] = [];
    const all = endpoints(token);
    for (let i = 0; i < 300; i++) {
      const e = pick(all);
      const body = JSON.stringify(mutate(pick(valid)));
      const status = await send(e.path, { method: "POST", headers: { ...e.headers, origin: server.url }, body });
      if (status >= 500) problems.push(`${e.name} ← ${body.slice(0, 120)}: ${status}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("what each stand-in answers instead", () => {
  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${server.url}${path}`, { method: "POST", headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }));

  it.each([
    [
      "cognito",
      "/api/local/cognito",
      { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.SignUp" },
      "Request body nested too deep",
    ],
    ["graphql", "/api/local/graphql", { "content-type": "application/json", "x-api-key": API_KEY }, "The request body is nested too deep."],
    ["algolia", "/api/local/algolia/1/indexes/*/queries", { "content-type": "text/plain" }, "JSON body nested too deep"],
  ])("%s: JSON nested 10,000 deep is a 400 saying so", async (_, path, headers, message) => {
    const res = await post(path, headers, `{"requests":${deepArray(10_000)},"query":"{ __typename }","variables":${deepObject(5_000)}}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
  });

  it("cognito: a body over its limit is refused while being read", async () => {
    const res = await post(
      "/api/local/cognito",
      { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.SignUp" },
      JSON.stringify({ ClientId: "x".repeat(70 * 1024) }),
    );
    expect([res.status, JSON.parse(res.text)]).toEqual([400, { __type: "SerializationException", message: "Request body too large" }]);
  });

  it.each([
    ["/api/local/maps/places/%00", "path"],
    ["/api/local/maps/geocode?address=a%00b", "query parameter address"],
    ["/api/local/maps/autocomplete?input=a%00", "query parameter input"],
  ])("maps: %s is a 400 naming the %s", async (path, where) => {
    const res = await fetch(`${server.url}${path}`);
    expect([res.status, await res.text()]).toEqual([400, `Bad Request: invalid characters in ${where}`]);
  });

  describe("graphql: text the database cannot store is bad input naming the field, never InternalFailure", () => {
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const BAD_TEXT: ReadonlyArray<readonly [string, string]> = [
      ["NUL", "a\u0000b"],
      ["lone high surrogate", "a\ud800"],
      ["lone low surrogate", "\udc00b"],
    ];
    const CALLS = (bad: string): ReadonlyArray<readonly [string, string, Record<string, unknown>, string]> => [
      [
        "addData (encoded value)",
        "mutation ($u: String!, $d: String!) { addData(username: $u, reapplicationData: $d) }",
        { u: persona("newcomer@example.com").username, d: b64(JSON.stringify({ employer: bad })) },
        "reapplicationData",
      ],
      [
        "addData (encoded key)",
        "mutation ($u: String!, $d: String!) { addData(username: $u, reapplicationData: $d) }",
        { u: persona("newcomer@example.com").username, d: b64(JSON.stringify({ [bad]: 1 })) },
        "reapplicationData",
      ],
      [
        "addData (argument)",
        "mutation ($u: String!, $d: String!) { addData(username: $u, reapplicationData: $d) }",
        { u: bad, d: "e30=" },
        "$u",
      ],
      ["logs", print(LogsDocument), { message: bad }, "$message"],
      ["setEmployer", print(SetEmployerDocument), { employerId: bad }, "$employerId"],
    ];
    const cases = BAD_TEXT.flatMap(([kind, bad]) =>
      CALLS(bad).map(([name, query, variables, field]) => [`${name}, ${kind}`, query, variables, field] as const),
    );
    it.each(cases)("%s", async (_, query, variables, field) => {
      const token = await server.tokenFor("newcomer@example.com");
      const res = await post(
        "/api/local/graphql",
        { "content-type": "application/json", authorization: token },
        JSON.stringify({ query, variables }),
      );
      expect(res.status).toBe(200);
      const [error] = JSON.parse(res.text).errors;
      expect(error).toMatchObject({ errorType: "BadRequestException", errorInfo: { field } });
      expect(error.message).toContain(field);
    });
  });

  it("plaid: a NUL in a field is a 400 naming it", async () => {
    const res = await post("/api/local/plaid/link/token/get", { "content-type": "application/json" }, '{"link_token":"a\\u0000"}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error).toMatchObject({ error_code: "INVALID_FIELD", error_message: "link_token: invalid characters" });
  });
});
