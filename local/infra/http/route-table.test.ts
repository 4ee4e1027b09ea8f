import { allowHeader, matchRoute, serveRouteTable, type Route } from "./route-table";

const seen: Array<{ route: string; method: string; params: string[] }> = [];
const route = (path: string, methods: Route["methods"]): Route => ({
  path,
  methods,
  handle: async (request, params) => {
    seen.push({ route: path, method: request.method, params });
    return new Response("handled");
  },
});
const ROUTES = [
  route("graphql", ["GET", "POST"]),
  route("cognito", ["POST", "OPTIONS"]),
  route("cognito/:poolId/.well-known/jwks.json", ["GET"]),
  route("plaid/*", ["GET", "POST"]),
];
const request = (method: string) => new Request("http://127.0.0.1/api/local/x", { method });
const serve = (isLocal: boolean) => serveRouteTable(ROUTES, () => ({ isLocal }));

beforeEach(() => {
  seen.length = 0;
});

describe("matchRoute", () => {
  it.each([
    [["graphql"], "graphql", []],
    [["cognito"], "cognito", []],
    [["cognito", "us-east-1_pool", ".well-known", "jwks.json"], "cognito/:poolId/.well-known/jwks.json", ["us-east-1_pool"]],
    [["plaid", "link-initialize.js"], "plaid/*", ["link-initialize.js"]],
    [["plaid", "link", "token", "get"], "plaid/*", ["link", "token", "get"]],
  ] as const)("%j → %s %j", (segments, path, params) => {
    const found = matchRoute(ROUTES, segments);
    expect(found && { path: found.route.path, params: found.params }).toEqual({ path, params });
  });

  it.each([
    [[]],
    [["plaid"]],
    [["graphql", "x"]],
    [["cognito", "p", ".well-known"]],
    [["cognito", "p", ".well-known", "jwks.json", "x"]],
    [["nope"]],
  ])("%j matches nothing", (segments) => expect(matchRoute(ROUTES, segments)).toBeUndefined());
});

describe("serveRouteTable", () => {
  it.each([
    ["a NUL in a path segment", ["plaid", "a\u0000b"], "http://127.0.0.1/api/local/plaid/a%00b", "path"],
    ["a lone surrogate in a path segment", ["plaid", "\ud800"], "http://127.0.0.1/api/local/plaid/x", "path"],
    ["a NUL in a query value", ["graphql"], "http://127.0.0.1/api/local/graphql?input=a%00b", "query parameter input"],
    ["a NUL in a query name", ["graphql"], "http://127.0.0.1/api/local/graphql?a%00=1", "query parameter (name)"],
  ])("answers %s with a 400 naming where, before any handler", async (_, segments, url, where) => {
    const res = await serve(true)(new Request(url, { method: "GET" }), segments);
    expect([res.status, await res.text()]).toEqual([400, `Bad Request: invalid characters in ${where}`]);
    expect(seen).toEqual([]);
  });

  it("hands a named method to the handler with the captured segments", async () => {
    const res = await serve(true)(request("POST"), ["plaid", "link", "login"]);
    expect(await res.text()).toBe("handled");
    expect(seen).toEqual([{ route: "plaid/*", method: "POST", params: ["link", "login"] }]);
  });

  it("answers HEAD with the GET handler, and only where GET is named", async () => {
    expect((await serve(true)(request("HEAD"), ["graphql"])).status).toBe(200);
    expect(seen).toEqual([{ route: "graphql", method: "HEAD", params: [] }]);
    expect((await serve(true)(request("HEAD"), ["cognito"])).status).toBe(405);
  });

  it("answers 405 with the edge's Allow header for a method the route does not name, in any environment", async () => {
    for (const isLocal of [true, false]) {
      const res = await serve(isLocal)(request("OPTIONS"), ["graphql"]);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, POST, HEAD");
      expect((await serve(isLocal)(request("GET"), ["cognito"])).headers.get("allow")).toBe("POST, OPTIONS");
    }
    expect(seen).toEqual([]);
  });

  it("answers 404 for a path no route names", async () => {
    expect((await serve(true)(request("GET"), ["nope"])).status).toBe(404);
    expect((await serve(true)(request("GET"), ["plaid"])).status).toBe(404);
    expect(seen).toEqual([]);
  });

  it("runs no handler outside the local environment (404) or when the configuration fails (500)", async () => {
    expect((await serve(false)(request("POST"), ["cognito"])).status).toBe(404);
    const broken = serveRouteTable(ROUTES, () => {
      throw new Error("bad configuration");
    });
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await broken(request("GET"), ["graphql"])).status).toBe(500);
    spy.mockRestore();
    expect(seen).toEqual([]);
  });
});

describe("allowHeader", () => {
  it("lists the methods, then HEAD when GET is among them", () => {
    expect(allowHeader(["GET"])).toBe("GET, HEAD");
    expect(allowHeader(["POST", "OPTIONS"])).toBe("POST, OPTIONS");
  });
});
