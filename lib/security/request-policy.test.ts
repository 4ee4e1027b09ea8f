import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { API_METHODS, refuse, type PolicyRequest } from "./request-policy";

const req = (over: Partial<PolicyRequest> & Pick<PolicyRequest, "pathname">): PolicyRequest => ({
  method: "GET",
  kind: "page",
  header: () => undefined,
  ...over,
});

describe("API_METHODS matches the route handlers", () => {
  const root = path.join(__dirname, "../../app");
  const files = (readdirSync(path.join(root, "api"), { recursive: true }) as string[])
    .filter((f) => path.basename(f) === "route.ts")
    // The stand-ins' door hands every method to the mount table, whose rows are API_METHODS' own
    // (local/routes.test.ts serves each row through the table).
    .filter((f) => f !== path.join("local", "[...path]", "route.ts"))
    .map((f) => path.join("api", f));
  it.each(files)("%s", (file) => {
    const source = readFileSync(path.join(root, file), "utf8");
    const exported = [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)]
      .map((m) => m[1])
      .sort();
    // A sample path for the file: dynamic segments become a value.
    const sample = `/${path.dirname(file)}`.replace(/\[\.\.\.[^\]]+\]/g, "a/b").replace(/\[[^\]]+\]/g, "x");
    const row = API_METHODS.find(([pattern]) => pattern.test(sample));
    expect(row && [...row[1]].sort()).toEqual(exported);
  });
});

describe("refuse", () => {
  it.each([
    ["DELETE", "/api/session/claims", "api", 405, "POST"],
    ["GET", "/api/session/sign-out", "api", 405, "POST"],
    ["PUT", "/api/local/graphql", "api", 405, "GET, POST, HEAD"],
    ["PROPFIND", "/login", "page", 405, "GET, HEAD, POST"],
    ["OPTIONS", "/payments", "page", 405, "GET, HEAD, POST"],
    ["POST", "/documents/esign-consent.pdf", "asset", 405, "GET, HEAD"],
    ["DELETE", "/images/gift-card-50.svg", "asset", 405, "GET, HEAD"],
    ["POST", "/login", "page", 405, "GET, HEAD"],
  ] as const)("%s %s (%s) → %i Allow %s", (method, pathname, kind, status, allow) => {
    expect(refuse(req({ method, pathname, kind }))).toEqual({ status, reason: "method not allowed", allow });
  });

  it.each(["/api/local/apps/%E0%A4%A", "/api/local/esign/%ZZ", "/api/local/algolia/%C0", "/api/%"])(
    "malformed API path %s → 400",
    (pathname) => {
      expect(refuse(req({ pathname, kind: "api" }))?.status).toBe(400);
    },
  );

  it.each(["/_global-error", "/_not-found", "/_error", "/_GLOBAL-ERROR/x", "/_document"])("Next's internal page %s → 404", (pathname) => {
    expect(refuse(req({ pathname }))?.status).toBe(404);
  });

  it("an unknown API route is a plain 404", () => {
    expect(refuse(req({ pathname: "/api/unknown", kind: "api" }))?.status).toBe(404);
  });

  it("the image optimiser is off", () => {
    expect(refuse(req({ pathname: "/_next/image", kind: "page" }))?.status).toBe(404);
  });

  const action = (origin: string | undefined, host = "127.0.0.1:3000") =>
    refuse(req({ method: "POST", pathname: "/dashboard-sign", header: (n) => ({ "next-action": "abc", origin, host })[n] }));
  it("a server action from another origin → 403; from its own or without Origin it goes on", () => {
    expect(action("https://evil.example")?.status).toBe(403);
    expect(action("null")?.status).toBe(403);
    expect(action("http://127.0.0.1:3000")).toBeUndefined();
    expect(action(undefined)).toBeUndefined();
  });

  it.each([
    ["GET", "/login", "page"],
    ["HEAD", "/payments", "page"],
    ["GET", "/_restricted", "page"],
    ["HEAD", "/api/local/outbox", "api"],
    ["OPTIONS", "/api/local/cognito", "api"],
    ["GET", "/documents/tcpa-consent.pdf", "asset"],
  ] as const)("%s %s goes on", (method, pathname, kind) => {
    expect(refuse(req({ method, pathname, kind }))).toBeUndefined();
  });
});
