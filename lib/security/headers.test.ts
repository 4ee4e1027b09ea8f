import { parseConfig } from "@/lib/config/env";
import { LOCAL_PATHS } from "@/lib/config/local-paths";
import { edgeResponseHeaders, forwardedRequestHeaders, responseKindOf } from "./headers";

const local = parseConfig({ APP_ENV: "local", PORT: "3000", HOSTNAME: "127.0.0.1" });
const hosted = parseConfig({
  APP_ENV: "production",
  COGNITO_USER_POOL_ID: "us-east-1_abc",
  COGNITO_CLIENT_ID: "client1",
  SESSION_SECRET: "x".repeat(32),
  GRAPHQL_URL: "https://api.lender.example/graphql",
  GRAPHQL_API_KEY: "da2-key",
});

describe("responseKindOf", () => {
  it.each([
    ["/api/session/claims", "api"],
    ["/api/local/graphql", "api"],
    ["/documents/esign-consent.pdf", "asset"],
    ["/images/gift-card-50.svg", "asset"],
    ["/favicon.ico", "asset"],
    ["/icon.svg", "asset"],
    ["/apple-icon.png", "asset"],
    ["/robots.txt", "asset"],
    ["/", "page"],
    ["/payments", "page"],
    ["/api", "page"],
    ["/documents", "page"],
    ["/favicon.ico/x", "page"],
    ["/_next/image", "page"],
  ])("%s is %s", (pathname, kind) => {
    expect(responseKindOf(pathname)).toBe(kind);
  });
});

describe("edgeResponseHeaders", () => {
  const esign = `${LOCAL_PATHS.esign}/sign/abc`;
  it.each<[string, typeof local, string, string | undefined]>([
    ["a page", hosted, "/payments", "SAMEORIGIN"],
    ["an API answer", hosted, "/api/session/claims", "DENY"],
    ["a file", hosted, "/images/x.svg", "SAMEORIGIN"],
    ["the e-signature stand-in, locally (it names its framers itself)", local, esign, undefined],
    ["the e-signature stand-in's path where no stand-in is served", hosted, esign, "DENY"],
  ])("%s: X-Frame-Options %s", (_what, config, pathname, frameOptions) => {
    const headers = edgeResponseHeaders(config, { pathname, kind: responseKindOf(pathname), requestId: "req-12345678" });
    expect(headers["x-frame-options"]).toBe(frameOptions);
    expect(headers["x-request-id"]).toBe("req-12345678");
  });

  it("gives each page a policy with a fresh nonce, and API answers none", () => {
    const page = () => edgeResponseHeaders(hosted, { pathname: "/", kind: "page", requestId: "req-12345678" });
    const [a, b] = [page()["content-security-policy"], page()["content-security-policy"]];
    expect(a).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(a).not.toBe(b);
    expect(
      edgeResponseHeaders(hosted, { pathname: "/api/health", kind: "api", requestId: "r" })["content-security-policy"],
    ).toBeUndefined();
  });
});

describe("forwardedRequestHeaders", () => {
  it("carries the page's policy, its nonce in x-nonce, and the request id", () => {
    expect(forwardedRequestHeaders("script-src 'nonce-abc123' 'strict-dynamic'", "req-1")).toEqual({
      "content-security-policy": "script-src 'nonce-abc123' 'strict-dynamic'",
      "x-nonce": "abc123",
      "x-request-id": "req-1",
    });
  });
  it.each<[string, string | undefined, string | undefined, Record<string, string> | undefined]>([
    ["the id alone for an API request", undefined, "req-1", { "x-request-id": "req-1" }],
    ["no x-nonce for a policy without one", "default-src 'self'", undefined, { "content-security-policy": "default-src 'self'" }],
    ["nothing when there is nothing to add", undefined, undefined, undefined],
  ])("%s", (_what, csp, requestId, want) => {
    expect(forwardedRequestHeaders(csp, requestId)).toEqual(want);
  });
});
