import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCAL_PATHS } from "./local-paths";
import { ConfigError, LOCAL_DEFAULTS, esignStandInOrigin, parseConfig, publicConfig } from "./env";

const hostedBase = {
  COGNITO_USER_POOL_ID: "us-east-1_AbC123",
  COGNITO_CLIENT_ID: "abc123def",
  SESSION_SECRET: "x".repeat(40),
  GRAPHQL_URL: "https://api.lender.example/graphql",
  GRAPHQL_API_KEY: "da2-key",
};

describe("parseConfig", () => {
  it("defaults to the local environment with stand-ins on the app's own origin", () => {
    const c = parseConfig({});
    expect(c.appEnv).toBe("local");
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.hosts.dashboard).toBe("http://localhost:3000/api/local/apps/dashboard");
    expect(c.signInInApp).toBe(true);
    expect(c.cognito.endpoint).toBe("http://localhost:3000/api/local/cognito");
    expect(c.cognito.issuer).toBe("http://localhost:3000/api/local/cognito/us-east-1_localpool");
    expect(c.cognito.jwksUrl).toBe("http://localhost:3000/api/local/cognito/us-east-1_localpool/.well-known/jwks.json");
    expect(c.graphql.url).toBe("http://localhost:3000/api/local/graphql");
    expect(c.companyEmailDomains).toEqual(["lender.example", "lender-ops.example"]);
  });

  it("locally, the stand-ins' own process is where LOCAL_STAND_INS_URL says; elsewhere there is none", () => {
    expect(parseConfig({ LOCAL_STAND_INS_URL: "http://127.0.0.1:4109/" }).localStandInsUrl).toBe("http://127.0.0.1:4109");
    expect(parseConfig({}).localStandInsUrl).toBeUndefined();
    expect(
      parseConfig({ ...hostedBase, APP_ENV: "staging", LOCAL_STAND_INS_URL: "http://127.0.0.1:4109" }).localStandInsUrl,
    ).toBeUndefined();
    expect(() => parseConfig({ LOCAL_STAND_INS_URL: "127.0.0.1:4109" })).toThrow(/LOCAL_STAND_INS_URL/);
    expect(publicConfig(parseConfig({ LOCAL_STAND_INS_URL: "http://127.0.0.1:4109" }))).not.toHaveProperty("localStandInsUrl");
  });

  it("follows PORT and HOSTNAME for its own origin", () => {
    expect(parseConfig({ PORT: "4100", HOSTNAME: "127.0.0.1" }).appUrl).toBe("http://127.0.0.1:4100");
    expect(parseConfig({ PORT: "4100", HOSTNAME: "0.0.0.0" }).appUrl).toBe("http://localhost:4100");
  });

  it.each(["production", "staging", "dev"] as const)("picks %s hosts, each overridable", (appEnv) => {
    const c = parseConfig({ ...hostedBase, APP_ENV: appEnv });
    expect(c.signInInApp).toBe(false);
    expect(c.cognito.endpoint).toBeUndefined();
    expect(c.cognito.issuer).toBe("https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC123");
    const o = parseConfig({
      ...hostedBase,
      APP_ENV: appEnv,
      DASHBOARD_APP_URL: "https://dash.example/",
      LENDING_APP_URL: "https://lend.example",
      MARKETING_SITE_URL: "https://www.example",
    });
    expect(o.hosts).toEqual({ dashboard: "https://dash.example", lending: "https://lend.example", marketing: "https://www.example" });
  });

  it("gives each environment its own hosts", () => {
    const hosts = (["production", "staging", "dev"] as const).map((e) => parseConfig({ ...hostedBase, APP_ENV: e }).hosts.dashboard);
    expect(new Set(hosts).size).toBe(3);
  });

  it.each([
    [{ APP_ENV: "prod" }, /APP_ENV/],
    [{ APP_ENV: "production" }, /COGNITO_USER_POOL_ID is required/],
    [{ ...hostedBase, APP_ENV: "production", SESSION_SECRET: undefined }, /SESSION_SECRET is required/],
    [{ ...hostedBase, APP_ENV: "production", SESSION_SECRET: "short" }, /SESSION_SECRET/],
    [{ DASHBOARD_APP_URL: "javascript:alert(1)" }, /DASHBOARD_APP_URL/],
    [{ DASHBOARD_APP_URL: "not a url" }, /DASHBOARD_APP_URL/],
    [{ PORT: "99999" }, /PORT/],
    [{ COGNITO_USER_POOL_ID: "nounderscore" }, /COGNITO_USER_POOL_ID/],
  ])("refuses %j with a clear error", (env, message) => {
    expect(() => parseConfig(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => parseConfig(env as Record<string, string>)).toThrow(message);
  });
});

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
    expect(parseConfig({ ...hostedBase, APP_ENV: "production", HELLOSIGN_CLIENT_ID: id }).hellosign).toEqual({
      clientId: id,
      testMode: false,
    });
  });

  it.each([
    ["http://localhost:3000", "http://127.0.0.1:3000"],
    ["http://127.0.0.1:3100", "http://localhost:3100"],
    ["http://127.0.0.1", "http://localhost"],
    ["http://localhost:3000/", "http://127.0.0.1:3000"],
    // No other name the browser is sure to reach: the app's own origin.
    ["http://[::1]:3000", "http://[::1]:3000"],
    ["http://shell.internal:8080", "http://shell.internal:8080"],
    ["https://app.lender.example", "https://app.lender.example"],
  ])("locally, the stand-in of an app at %s signs at %s (cross-site when it can be)", (appUrl, origin) => {
    expect(esignStandInOrigin(appUrl)).toBe(origin);
  });

  it("npm start serves the stand-in under 127.0.0.1 although it sends the app's other requests there to localhost", () => {
    const start = readFileSync(path.join(__dirname, "../../scripts/start.mjs"), "utf8");
    expect(start).toContain(`const ESIGN_STAND_IN = "${LOCAL_PATHS.esign}/";`);
  });

  it("names the stand-in's origin locally only, and keeps it from the browser", () => {
    expect(parseConfig({ APP_ENV: "local", APP_URL: "http://localhost:3000" }).localEsignOrigin).toBe("http://127.0.0.1:3000");
    expect(parseConfig({ APP_ENV: "local", PORT: "3100", HOSTNAME: "127.0.0.1" }).localEsignOrigin).toBe("http://localhost:3100");
    expect(parseConfig({ ...hostedBase, APP_ENV: "staging" }).localEsignOrigin).toBeUndefined();
    expect(publicConfig(parseConfig({}))).not.toHaveProperty("localEsignOrigin");
  });

  it.each(["short", "has space in it", "<script>alert(1)</script>"])("refuses %j", (value) => {
    expect(() => parseConfig({ HELLOSIGN_CLIENT_ID: value })).toThrow(ConfigError);
    expect(() => parseConfig({ HELLOSIGN_CLIENT_ID: value })).toThrow(/HELLOSIGN_CLIENT_ID/);
  });
});

describe("REQUEST_DEADLINE_MS (how long any request may take before the request scope answers for it)", () => {
  it("takes whole milliseconds within 1000 to 55000 (under an ALB's 60 s), and refuses anything else by name", () => {
    expect(parseConfig({ REQUEST_DEADLINE_MS: "12000" }).timeouts.requestDeadlineMs).toBe(12000);
    for (const bad of ["0", "999", "55001", "1.5", "soon"]) {
      expect(() => parseConfig({ REQUEST_DEADLINE_MS: bad })).toThrow(/REQUEST_DEADLINE_MS/);
    }
  });

  it("must be longer than one GraphQL call's timeout, so a slow call is answered before the request is cut", () => {
    expect(parseConfig({ REQUEST_DEADLINE_MS: "6000", GRAPHQL_TIMEOUT_MS: "5000" }).timeouts.requestDeadlineMs).toBe(6000);
    expect(() => parseConfig({ REQUEST_DEADLINE_MS: "6000" })).toThrow(
      /REQUEST_DEADLINE_MS \(6000\) must be longer than GRAPHQL_TIMEOUT_MS \(10000\)/,
    );
    expect(() => parseConfig({ REQUEST_DEADLINE_MS: "5000", GRAPHQL_TIMEOUT_MS: "5000" })).toThrow(
      /must be longer than GRAPHQL_TIMEOUT_MS/,
    );
  });
});

describe("GRAPHQL_TIMEOUT_MS and COGNITO_TIMEOUT_MS (how long one upstream call may take)", () => {
  it("default to lib/config/timeouts.ts and stay on the server", () => {
    const c = parseConfig({ ...hostedBase, APP_ENV: "production" });
    expect(c.timeouts).toEqual({ graphqlMs: 10_000, cognitoMs: 2_000, requestDeadlineMs: 45_000 });
    expect(publicConfig(c)).not.toHaveProperty("timeouts");
  });

  it("take whole milliseconds within 100 to 30000, and refuse anything else by name", () => {
    expect(parseConfig({ GRAPHQL_TIMEOUT_MS: "2500", COGNITO_TIMEOUT_MS: "800" }).timeouts).toMatchObject({
      graphqlMs: 2500,
      cognitoMs: 800,
    });
    for (const bad of ["0", "99", "30001", "1.5", "soon"]) {
      expect(() => parseConfig({ GRAPHQL_TIMEOUT_MS: bad })).toThrow(/GRAPHQL_TIMEOUT_MS/);
      expect(() => parseConfig({ COGNITO_TIMEOUT_MS: bad })).toThrow(/COGNITO_TIMEOUT_MS/);
    }
  });
});
