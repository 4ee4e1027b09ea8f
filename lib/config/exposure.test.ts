import { parseConfig } from "./env";
import { checkExposure, isLoopback } from "./exposure";

const local = parseConfig({ APP_ENV: "local" });
const hosted = parseConfig({
  APP_ENV: "staging",
  COGNITO_USER_POOL_ID: "us-east-1_a",
  COGNITO_CLIENT_ID: "c",
  SESSION_SECRET: "s".repeat(32),
  GRAPHQL_URL: "https://api.example/graphql",
  GRAPHQL_API_KEY: "k",
});

describe("safe local defaults", () => {
  it.each(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "app.localhost"])("%s is loopback", (h) =>
    expect(isLoopback(h)).toBe(true),
  );
  it.each([undefined, "0.0.0.0", "::", "192.168.1.10", "example.com", "127.0.0.1.evil.example"])("%s is not", (h) =>
    expect(isLoopback(h)).toBe(false),
  );

  it("local mode on loopback starts quietly", () => {
    expect(checkExposure(local, "127.0.0.1", {})).toEqual({ ok: true });
  });
  it.each([undefined, "0.0.0.0", "10.0.0.5"])("local mode with the published secrets on %s refuses to start", (h) => {
    const result = checkExposure(local, h, {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/LOCAL_ALLOW_REMOTE=1/);
  });
  it("LOCAL_ALLOW_REMOTE=1 starts with a loud warning", () => {
    const result = checkExposure(local, "0.0.0.0", { LOCAL_ALLOW_REMOTE: "1" });
    expect(result).toEqual({ ok: true, warning: expect.stringMatching(/^WARNING: .*published local secrets/) });
    expect(checkExposure(local, "0.0.0.0", { LOCAL_ALLOW_REMOTE: "true" }).ok).toBe(false);
  });
  it("hosted environments are not concerned", () => {
    expect(checkExposure(hosted, "0.0.0.0", {})).toEqual({ ok: true });
  });
});
