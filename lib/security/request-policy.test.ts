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

  const action = (origin: string | undefined, host = "127.0.0.1:3000", more: Record<string, string> = {}, trustForwardedHost?: boolean) =>
    refuse({
      ...req({ method: "POST", pathname: "/dashboard-sign", header: (n) => ({ "next-action": "abc", origin, host, ...more })[n] }),
      ...(trustForwardedHost === undefined ? {} : { trustForwardedHost }),
    });
  it("a server action from another origin, or without one (no page's script), → 403; from its own it goes on", () => {
    expect(action("https://evil.example")?.status).toBe(403);
    expect(action("null")?.status).toBe(403);
    expect(action("http://127.0.0.1:3000")).toBeUndefined();
    expect(action(undefined)).toMatchObject({ status: 403, reason: "cross-origin server action" });
    expect(action("http://127.0.0.1:3000", "127.0.0.1:3000", { "sec-fetch-site": "same-origin" })).toBeUndefined();
    expect(action("http://127.0.0.1:3000", "127.0.0.1:3000", { "sec-fetch-site": "same-site" })?.status).toBe(403);
    expect(action("http://127.0.0.1:3000", "127.0.0.1:3000", { "sec-fetch-site": "cross-site" })?.status).toBe(403);
  });

  it("X-Forwarded-Host is a client's word unless a trusted proxy writes it (issue 51 item 7)", () => {
    // The red team's case: a foreign Origin with a matching X-Forwarded-Host.
    const forged = { "x-forwarded-host": "evil.example" };
    expect(action("https://evil.example", "127.0.0.1:3000", forged)).toMatchObject({ status: 403 });
    expect(action("https://evil.example", "127.0.0.1:3000", forged, false)).toMatchObject({ status: 403 });
    // Untrusted and disagreeing with Host, even for our own Origin (Next would compare against it).
    expect(action("http://127.0.0.1:3000", "127.0.0.1:3000", forged)).toMatchObject({ status: 403, reason: "untrusted forwarded host" });
    // Untrusted but the same as Host: nothing to disagree about.
    expect(action("http://127.0.0.1:3000", "127.0.0.1:3000", { "x-forwarded-host": "127.0.0.1:3000" })).toBeUndefined();
    // Behind a trusted proxy, the public host is X-Forwarded-Host's.
    const proxied = { "x-forwarded-host": "app.lender.example" };
    expect(action("https://app.lender.example", "10.0.0.7:3000", proxied, true)).toBeUndefined();
    expect(action("https://evil.example", "10.0.0.7:3000", proxied, true)?.status).toBe(403);
    expect(action("https://app.lender.example", "10.0.0.7:3000", proxied, false)?.status).toBe(403);
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
