import { Amplify } from "aws-amplify";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { CookieStorage } from "aws-amplify/utils";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Amplify in the browser, configured from the PublicConfig the server read at request time (one
 * build, every environment). Tokens live in cookies, not localStorage, so that the middleware and
 * the server components see the session: Amplify writes
 *   CognitoIdentityServiceProvider.<clientId>.LastAuthUser            (the Cognito username)
 *   CognitoIdentityServiceProvider.<clientId>.<username>.idToken      (and accessToken, refreshToken…)
 * which are the names lib/session/session.ts reads. With a cookie domain (a parent domain of the
 * hosted apps) the session is shared with them.
 */

/** Days the identity cookies live; the refresh token inside them decides the real session length. */
export const COOKIE_DAYS = 30;

export interface AmplifyCookieOptions {
  domain?: string;
  path: "/";
  sameSite: "lax";
  secure: boolean;
  expires: number;
}

export function amplifyCookieOptions(config: Pick<PublicConfig, "cookieDomain">, protocol: string): AmplifyCookieOptions {
  return {
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
    path: "/",
    sameSite: "lax",
    secure: protocol === "https:",
    expires: COOKIE_DAYS,
  };
}

/**
 * Amplify v6 has no region setting: it reads the region from the pool id ("us-east-1_xxxx"), which
 * env.ts requires to look like region_id; the stand-in's pool id is "us-east-1_localpool" too.
 */
export function amplifyAuthConfig(config: Pick<PublicConfig, "cognito">) {
  const { userPoolId, clientId, endpoint } = config.cognito;
  return {
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId: clientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  } as const;
}

let configuredWith: string | undefined;

/**
 * Configures Amplify once per page load (again only if the configuration itself changed). Client
 * side only: the server verifies identity tokens itself (lib/session) and never runs Amplify.
 */
export function configureAmplify(config: PublicConfig, protocol: string = globalThis.location?.protocol ?? "https:"): void {
  const key = JSON.stringify([config.cognito, config.cookieDomain ?? null, protocol]);
  if (configuredWith === key) return;
  // Amplify.configure installs its default (localStorage) token store: the cookie store goes after it.
  Amplify.configure(amplifyAuthConfig(config));
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new CookieStorage(amplifyCookieOptions(config, protocol)));
  configuredWith = key;
}

export function isAmplifyConfigured(): boolean {
  return configuredWith !== undefined;
}

/** Tests only. */
export function resetAmplifyConfiguredForTests(): void {
  configuredWith = undefined;
}
