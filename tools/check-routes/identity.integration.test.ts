import { decodeJwt } from "jose";
import { PERSONAS } from "@/local/lender/seed/personas";
import { startLocalServer, type LocalServer } from "@/local/infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "@/local/infra/testing/test-database";
import { localRefreshToken, Redactor, SignInError, tokensFromRefreshToken } from "./identity";
import { LOCAL_DEFAULTS } from "@/lib/config/env";

/** The checker's sign-in against the identity stand-in, over Cognito's wire protocol. */
const localCognito = (base: URL) => ({ endpoint: new URL("/api/local/cognito", base).href, clientId: LOCAL_DEFAULTS.cognitoClientId });
let server: LocalServer;
let database: TestDatabase;
beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({ ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: "", LOCAL_OTP_TTL_SECONDS: "" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

const borrower = PERSONAS.find((p) => p.email === "borrower@example.com")!;

describe("refresh-token sign-in against the stand-in", () => {
  it("a seeded persona gets a refresh token, and both refresh flows turn it into its identity token", async () => {
    const base = new URL(server.url);
    const client = localCognito(base);
    const redactor = new Redactor();
    const refreshToken = await localRefreshToken(base, client, borrower.email, redactor);
    for (const flow of ["REFRESH_TOKEN_AUTH", "GetTokensFromRefreshToken"] as const) {
      const tokens = await tokensFromRefreshToken(client, refreshToken, flow, redactor);
      expect(decodeJwt(tokens.idToken)).toMatchObject({ sub: borrower.sub, "cognito:username": borrower.username, token_use: "id" });
      // The stand-in, like Cognito by default, does not rotate: the stored token keeps working.
      expect(tokens.rotatedRefreshToken).toBeUndefined();
      expect(redactor.redact(`x ${tokens.idToken} ${refreshToken} y`)).toBe("x [redacted] [redacted] y");
    }
  }, 60_000);

  it("a bad refresh token fails with Cognito's reason and without the token", async () => {
    const client = localCognito(new URL(server.url));
    const bogus = "not-a-real-refresh-token-0123456789";
    const failure = tokensFromRefreshToken(client, bogus, "REFRESH_TOKEN_AUTH", new Redactor());
    await expect(failure).rejects.toThrow(SignInError);
    await expect(failure).rejects.toThrow("InitiateAuth: NotAuthorizedException (Invalid Refresh Token)");
    await expect(failure.catch((e: Error) => e.message)).resolves.not.toContain(bogus);
  }, 30_000);
});
