/** @jest-environment jsdom */
import "./testing/jsdom-text-encoder";
import { Amplify } from "aws-amplify";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { CookieStorage } from "aws-amplify/utils";
import { widgetsFor, type PublicConfig } from "@/lib/config/env";
import { idTokenCookie, lastAuthUserCookie } from "@/lib/session/session";
import { amplifyAuthConfig, amplifyCookieOptions, configureAmplify, isAmplifyConfigured, resetAmplifyConfiguredForTests } from "./amplify";

const config: PublicConfig = {
  appEnv: "local",
  hosts: { dashboard: "d", lending: "l", marketing: "m" },
  signInInApp: true,
  cognito: {
    region: "us-east-1",
    userPoolId: "us-east-1_localpool",
    clientId: "localclient0000000000000000",
    endpoint: "http://127.0.0.1:3100/api/local/cognito",
  },
  graphql: { url: "g", apiKey: "k" },
  companyEmailDomains: [],
  widgets: widgetsFor(true),
};

afterEach(() => {
  jest.restoreAllMocks();
  resetAmplifyConfiguredForTests();
});

describe("amplifyAuthConfig", () => {
  it("names the pool, the client, the endpoint and e-mail sign-in", () => {
    expect(amplifyAuthConfig(config)).toEqual({
      Auth: {
        Cognito: {
          userPoolId: "us-east-1_localpool",
          userPoolClientId: "localclient0000000000000000",
          userPoolEndpoint: "http://127.0.0.1:3100/api/local/cognito",
          loginWith: { email: true },
        },
      },
    });
  });
  it("leaves the endpoint out where the identity service is AWS's own", () => {
    const cognito = { region: "us-east-1", userPoolId: "us-east-1_abc", clientId: "abc" };
    expect(amplifyAuthConfig({ cognito }).Auth.Cognito).not.toHaveProperty("userPoolEndpoint");
  });
});

describe("amplifyCookieOptions", () => {
  it("host-only, lax, 30 days, secure on https", () => {
    expect(amplifyCookieOptions(config, "https:")).toEqual({ path: "/", sameSite: "lax", secure: true, expires: 30 });
    expect(amplifyCookieOptions(config, "http:").secure).toBe(false);
  });
  it("on the parent domain when one is configured", () => {
    expect(amplifyCookieOptions({ cookieDomain: ".lender.example" }, "https:").domain).toBe(".lender.example");
  });
});

describe("configureAmplify", () => {
  it("configures once, with cookie storage", () => {
    const configure = jest.spyOn(Amplify, "configure");
    const storage = jest.spyOn(cognitoUserPoolsTokenProvider, "setKeyValueStorage");
    configureAmplify(config, "http:");
    expect(configure).toHaveBeenCalledTimes(1);
    // Amplify.configure sets its default (localStorage) store itself; ours must come after it.
    expect(storage.mock.calls.at(-1)![0]).toBeInstanceOf(CookieStorage);
    const callsAfterFirst = storage.mock.calls.length;
    configureAmplify(config, "http:");
    expect(storage.mock.calls.length).toBe(callsAfterFirst);
    expect(isAmplifyConfigured()).toBe(true);
  });

  it("Amplify's token store writes the cookie names the server reads", async () => {
    configureAmplify(config, "http:");
    const clientId = config.cognito.clientId;
    const jwt = (v: string) => ({ toString: () => v, payload: {} });
    // Amplify's own token store (what signIn/confirmSignIn call), through the storage configured above.
    const store = (
      cognitoUserPoolsTokenProvider as unknown as {
        authTokenStore: { storeTokens(t: unknown): Promise<void>; clearTokens(): Promise<void> };
      }
    ).authTokenStore;
    await store.storeTokens({
      username: "a1000a",
      accessToken: jwt("access.jwt"),
      idToken: jwt("id.jwt"),
      refreshToken: "refresh",
      clockDrift: 0,
    });
    const jar = Object.fromEntries(document.cookie.split("; ").map((c) => c.split("=") as [string, string]));
    expect(jar[lastAuthUserCookie(clientId)]).toBe("a1000a");
    expect(jar[idTokenCookie(clientId, "a1000a")]).toBe("id.jwt");
    await store.clearTokens();
    expect(document.cookie).not.toContain("id.jwt");
    expect(document.cookie).not.toContain(lastAuthUserCookie(clientId));
  });
});
