import os from "node:os";
import path from "node:path";
import { defaultTokenVariable, parsePersonas, seededPersonas } from "./personas";

const base = new URL("https://shell.staging.example");
const remote = { base, local: false, repoRoot: "/repo", env: { ROUTE_CHECK_REFRESH_TOKEN_BORROWER: "from-env", ADMIN_TOKEN: "admin-env" } };
const cognito = { region: "us-east-1", clientId: "abc123client" };

describe("personas file", () => {
  it("reads refresh tokens from environment variables, named or by default, and always adds anonymous", () => {
    const set = parsePersonas(
      JSON.stringify({ cognito, personas: [{ name: "borrower" }, { name: "admin", refreshTokenEnv: "ADMIN_TOKEN" }] }),
      "/tmp",
      remote,
    );
    expect(set.cognito).toEqual({ clientId: "abc123client", endpoint: "https://cognito-idp.us-east-1.amazonaws.com/" });
    expect(set.refreshFlow).toBe("REFRESH_TOKEN_AUTH");
    expect(set.personas.map((p) => p.name)).toEqual(["anonymous", "signing-in", "borrower", "admin"]);
    const [, , borrower, admin] = set.personas;
    expect(borrower?.source.kind === "refresh-token" && borrower.source.read()).toBe("from-env");
    expect(admin?.source.kind === "refresh-token" && admin.source.read()).toBe("admin-env");
    expect(defaultTokenVariable("paid-off")).toBe("ROUTE_CHECK_REFRESH_TOKEN_PAID_OFF");
  });

  it("says which variable is missing, without a value", () => {
    const set = parsePersonas(JSON.stringify({ cognito, personas: [{ name: "rejected" }] }), "/tmp", remote);
    const rejected = set.personas[2]!;
    expect(() => rejected.source.kind === "refresh-token" && rejected.source.read()).toThrow(
      "ROUTE_CHECK_REFRESH_TOKEN_REJECTED (a refresh token) is not set",
    );
  });

  it("refuses token files inside the repository, inline tokens, and e-mail sign-in against a deployment", () => {
    const inRepo = { cognito, personas: [{ name: "a", refreshTokenFile: "secrets/a.token" }] };
    expect(() => parsePersonas(JSON.stringify(inRepo), "/repo/ops", remote)).toThrow("keep refresh-token files out of the repository");
    const outside = parsePersonas(
      JSON.stringify({ cognito, personas: [{ name: "a", refreshTokenFile: path.join(os.homedir(), "a.token") }] }),
      "/repo",
      remote,
    );
    expect(outside.personas[2]?.source.kind).toBe("refresh-token");
    expect(() => parsePersonas(JSON.stringify({ cognito, personas: [{ name: "a", refreshToken: "x" }] }), "/tmp", remote)).toThrow(
      "invalid",
    );
    expect(() => parsePersonas(JSON.stringify({ cognito, personas: [{ name: "a", email: "a@example.com" }] }), "/tmp", remote)).toThrow(
      "only against the local stand-in",
    );
    expect(() =>
      parsePersonas(JSON.stringify({ personas: [{ name: "a" }] }), "/tmp", { ...remote, serverCognitoError: "no page carries it" }),
    ).toThrow("cognito.clientId and cognito.region (or cognito.endpoint): the server's own could not be read (no page carries it)");
    // Without cognito in the file, the server's own app client.
    const server = { endpoint: "https://cognito-idp.us-east-1.amazonaws.com/", clientId: "serverclient9" };
    expect(parsePersonas(JSON.stringify({ personas: [{ name: "a" }] }), "/tmp", { ...remote, serverCognito: server }).cognito).toEqual(
      server,
    );
    // A file's own cognito wins.
    expect(
      parsePersonas(JSON.stringify({ cognito, personas: [{ name: "a" }] }), "/tmp", { ...remote, serverCognito: server }).cognito.clientId,
    ).toBe("abc123client");
    expect(() => parsePersonas("{", "/tmp", remote)).toThrow("not JSON");
    expect(() => parsePersonas(JSON.stringify({ cognito, personas: [{ name: "a" }, { name: "a" }] }), "/tmp", remote)).toThrow("twice");
  });

  it("locally, the seeded personas sign in through the stand-in", () => {
    const set = seededPersonas({ endpoint: "http://127.0.0.1:4007/api/local/cognito", clientId: "otherclient42" });
    expect(set.cognito).toEqual({ endpoint: "http://127.0.0.1:4007/api/local/cognito", clientId: "otherclient42" });
    expect(set.personas.slice(0, 2).map((p) => p.name)).toEqual(["anonymous", "signing-in"]);
    expect(set.personas.find((p) => p.name === "borrower")?.source).toEqual({ kind: "local", email: "borrower@example.com" });
  });
});
