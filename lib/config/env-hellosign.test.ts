import { ConfigError, LOCAL_DEFAULTS, parseConfig, publicConfig } from "./env";

const hostedBase = {
  COGNITO_USER_POOL_ID: "us-east-1_AbC123",
  COGNITO_CLIENT_ID: "abc123def",
  SESSION_SECRET: "x".repeat(40),
  GRAPHQL_URL: "https://api.lender.example/graphql",
  GRAPHQL_API_KEY: "da2-key",
};

describe("HELLOSIGN_CLIENT_ID (the embedded signing client of dashboard-sign)", () => {
  it("has a local default, in test mode, and reaches the browser through publicConfig", () => {
    const c = parseConfig({});
    expect(c.hellosign).toEqual({ clientId: LOCAL_DEFAULTS.hellosignClientId, testMode: true });
    expect(publicConfig(c).hellosign).toEqual(c.hellosign);
  });

  it("is absent outside local unless set; test mode everywhere but production", () => {
    expect(parseConfig({ ...hostedBase, APP_ENV: "staging" }).hellosign).toBeUndefined();
    const id = "0123456789abcdef0123456789abcdef";
    expect(parseConfig({ ...hostedBase, APP_ENV: "staging", HELLOSIGN_CLIENT_ID: id }).hellosign).toEqual({ clientId: id, testMode: true });
    expect(parseConfig({ ...hostedBase, APP_ENV: "production", HELLOSIGN_CLIENT_ID: id }).hellosign).toEqual({ clientId: id, testMode: false });
  });

  it.each(["short", "has space in it", "<script>alert(1)</script>"])("refuses %j", (value) => {
    expect(() => parseConfig({ HELLOSIGN_CLIENT_ID: value })).toThrow(ConfigError);
    expect(() => parseConfig({ HELLOSIGN_CLIENT_ID: value })).toThrow(/HELLOSIGN_CLIENT_ID/);
  });
});
