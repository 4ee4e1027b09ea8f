import { parseConfig } from "@/lib/config/env";
import { THIRD_PARTY_HOSTS, contentSecurityPolicy, createNonce, cspDirectives } from "./csp";
import { HSTS, securityHeaders } from "./headers";

const local = parseConfig({ APP_ENV: "local", PORT: "3000", HOSTNAME: "127.0.0.1" });
const hosted = parseConfig({
  APP_ENV: "production",
  COGNITO_USER_POOL_ID: "us-east-1_abc",
  COGNITO_CLIENT_ID: "client1",
  SESSION_SECRET: "x".repeat(32),
  GRAPHQL_URL: "https://api.lender.example/graphql",
  GRAPHQL_API_KEY: "da2-key",
});
const directive = (config: typeof local, name: string) => new Map(cspDirectives(config, { nonce: "n0nce" })).get(name) ?? [];

describe("the Content-Security-Policy", () => {
  it("runs scripts by nonce only (strict-dynamic), never inline or eval in a build", () => {
    const scripts = directive(hosted, "script-src");
    expect(scripts.slice(0, 2)).toEqual(["'nonce-n0nce'", "'strict-dynamic'"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(new Map(cspDirectives(hosted, { nonce: "n", dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });
  it("connects to the configured API and identity service and the widgets' hosts", () => {
    expect(directive(hosted, "connect-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://api.lender.example",
        "https://cognito-idp.us-east-1.amazonaws.com",
        "https://*.algolia.net",
        "https://maps.googleapis.com",
      ]),
    );
    expect(directive(local, "connect-src")).toEqual(expect.arrayContaining(["http://127.0.0.1:3000"]));
  });
  it("frames only the widgets and the e-signature provider, and is framed only by itself", () => {
    expect(directive(hosted, "frame-src")).toEqual(expect.arrayContaining(["https://cdn.plaid.com", "https://app.hellosign.com"]));
    expect(directive(hosted, "frame-ancestors")).toEqual(["'self'"]);
    // Locally the e-signature stand-in, under the app's other loopback name (cross-site, as the provider is).
    expect(directive(local, "frame-src").slice(0, 3)).toEqual(["'self'", "http://127.0.0.1:3000", "http://localhost:3000"]);
    expect(directive(hosted, "frame-src")).not.toContain("http://127.0.0.1:3000");
    expect(directive(hosted, "object-src")).toEqual(["'none'"]);
  });
  it("every source is valid: a wildcard only as the leftmost label", () => {
    for (const [, values] of cspDirectives(hosted, { nonce: "n" }))
      for (const v of values) if (v.includes("*")) expect(v).toMatch(/^https:\/\/\*\.[a-z0-9.-]+$/);
  });
  it("a widget's hosts are one entry of THIRD_PARTY_HOSTS", () => {
    for (const [name, hosts] of Object.entries(THIRD_PARTY_HOSTS)) {
      for (const [d, values] of Object.entries(hosts))
        for (const v of values) expect([name, directive(hosted, d)]).toEqual([name, expect.arrayContaining([v])]);
    }
  });
  it("upgrades insecure requests outside local only", () => {
    expect(contentSecurityPolicy(hosted, { nonce: "n" })).toMatch(/; upgrade-insecure-requests$/);
    expect(contentSecurityPolicy(local, { nonce: "n" })).not.toContain("upgrade-insecure-requests");
  });
  it("nonces are fresh 128-bit values", () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
  it("nonces stay fresh across the random pool's refills and encode exactly 16 bytes", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = createNonce();
      expect(atob(nonce)).toHaveLength(16);
      expect(btoa(atob(nonce))).toBe(nonce);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
  it("builds the same policy from its cached template as from its directives, per configuration and nonce", () => {
    for (const config of [hosted, local])
      for (const dev of [false, true])
        for (const nonce of ["n", "QUJD+/==", createNonce()]) {
          const direct = cspDirectives(config, { nonce, dev })
            .map(([name, values]) => [name, ...values].join(" "))
            .join("; ");
          expect(contentSecurityPolicy(config, { nonce, dev })).toBe(direct);
        }
  });
});

describe("securityHeaders", () => {
  it("pages: policy, frame protection, no-store; HSTS outside local only", () => {
    const page = securityHeaders(hosted, { kind: "page", nonce: "n" });
    expect(page).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "SAMEORIGIN",
      "strict-transport-security": HSTS,
      "cache-control": expect.stringContaining("no-store"),
    });
    expect(page["content-security-policy"]).toContain("'nonce-n'");
    expect(securityHeaders(local, { kind: "page", nonce: "n" })["strict-transport-security"]).toBeUndefined();
    expect(() => securityHeaders(local, { kind: "page" })).toThrow(/nonce/);
  });
  it("API answers are never framed (but the local e-signature page by the app) and never stored", () => {
    expect(securityHeaders(local, { kind: "api" })).toMatchObject({
      "x-frame-options": "DENY",
      "cache-control": expect.stringContaining("no-store"),
    });
    // The local e-signature page names its framer (the app, from another origin) in its own policy.
    expect(securityHeaders(local, { kind: "api", framing: "own" })).not.toHaveProperty("x-frame-options");
    expect(securityHeaders(local, { kind: "asset" })["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
