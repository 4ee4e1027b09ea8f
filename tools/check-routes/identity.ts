import { decodeJwt } from "jose";
import { CLAIMS_COOKIE, type Claims } from "@/lib/session/claims";
import { idTokenCookie, lastAuthUserCookie, type Session } from "@/lib/session/session";

/**
 * Signing a persona in the way a browser does, without a browser: Cognito's own JSON 1.1 wire
 * protocol (the same calls Amplify makes) to turn a refresh token into an identity token, then the
 * app's claims endpoint, whose answer is both the cookie the edge reads and the claims the
 * expectation uses. Tokens stay in memory: they are registered with the redactor the moment they
 * arrive, and no output ever shows one.
 */

export type RefreshFlow = "REFRESH_TOKEN_AUTH" | "GetTokensFromRefreshToken";

export interface CognitoClient {
  /** https://cognito-idp.<region>.amazonaws.com/ or a compatible endpoint (the local stand-in). */
  endpoint: string;
  clientId: string;
}

/** Remembers every secret seen, and blanks them (and anything shaped like a JWT) out of text. */
export class Redactor {
  private readonly secrets = new Set<string>();
  add(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }
  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join("[redacted]");
    // Belt and braces: a token this redactor never saw (an error echoing one) is still hidden.
    return out.replace(/eyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g, "[redacted]");
  }
}

export class SignInError extends Error {
  override name = "SignInError";
}

export function cognitoEndpoint(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com/`;
}

async function cognitoCall(
  client: CognitoClient,
  operation: string,
  body: Record<string, unknown>,
  redactor: Redactor,
): Promise<Record<string, any>> {
  const res = await fetch(client.endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: Record<string, any> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, any>) : {};
  } catch {
    json = {};
  }
  const result = json.AuthenticationResult as Record<string, string> | undefined;
  for (const key of ["IdToken", "AccessToken", "RefreshToken"]) redactor.add(result?.[key]);
  redactor.add(typeof json.Session === "string" ? json.Session : undefined);
  if (!res.ok) {
    const type = String(json.__type ?? `HTTP ${res.status}`)
      .split("#")
      .pop();
    throw new SignInError(redactor.redact(`${operation}: ${type}${json.message ? ` (${String(json.message)})` : ""}`));
  }
  return json;
}

export interface Tokens {
  idToken: string;
  /** Set when the pool rotated the refresh token (GetTokensFromRefreshToken with rotation on). */
  rotatedRefreshToken?: string;
}

/** New tokens from a refresh token, over Cognito's wire protocol. */
export async function tokensFromRefreshToken(
  client: CognitoClient,
  refreshToken: string,
  flow: RefreshFlow,
  redactor: Redactor,
): Promise<Tokens> {
  redactor.add(refreshToken);
  const json =
    flow === "REFRESH_TOKEN_AUTH"
      ? await cognitoCall(
          client,
          "InitiateAuth",
          { ClientId: client.clientId, AuthFlow: "REFRESH_TOKEN_AUTH", AuthParameters: { REFRESH_TOKEN: refreshToken } },
          redactor,
        )
      : await cognitoCall(client, "GetTokensFromRefreshToken", { ClientId: client.clientId, RefreshToken: refreshToken }, redactor);
  const result = json.AuthenticationResult as Record<string, string> | undefined;
  if (!result?.IdToken) throw new SignInError(`${flow}: no identity token in the answer`);
  const rotated = result.RefreshToken && result.RefreshToken !== refreshToken ? result.RefreshToken : undefined;
  return { idToken: result.IdToken, ...(rotated ? { rotatedRefreshToken: rotated } : {}) };
}

/**
 * Local stand-in only: a seeded persona signs in with a one-time code read from the local outbox
 * (CUSTOM_AUTH, as the /login page does) and gets the refresh token the rest of the run uses.
 */
export async function localRefreshToken(base: URL, client: CognitoClient, email: string, redactor: Redactor): Promise<string> {
  const outbox = async (): Promise<{ id: number; code: string }[]> => {
    const res = await fetch(new URL(`/api/local/outbox?format=json&to=${encodeURIComponent(email.toLowerCase())}`, base), {
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new SignInError(`the local outbox answered ${res.status}: is this the local stand-in?`);
    return ((await res.json()) as { messages: { id: number; code: string }[] }).messages;
  };
  const before = (await outbox())[0]?.id ?? 0;
  const started = await cognitoCall(
    client,
    "InitiateAuth",
    { ClientId: client.clientId, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: email } },
    redactor,
  );
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const newest = (await outbox())[0];
    if (newest && newest.id > before) code = newest.code;
    else await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new SignInError(`no sign-in code for ${email} in the local outbox`);
  redactor.add(code);
  const answered = await cognitoCall(
    client,
    "RespondToAuthChallenge",
    {
      ClientId: client.clientId,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? email, ANSWER: code },
    },
    redactor,
  );
  const refresh = (answered.AuthenticationResult as Record<string, string> | undefined)?.RefreshToken;
  if (!refresh) throw new SignInError(`signing ${email} in gave no refresh token`);
  return refresh;
}

export interface SignedIn {
  /** The Cookie header every request of this persona carries. */
  cookie: string;
  /** Amplify's identity cookies alone (no claims): what a browser holds while signing in. */
  identityCookie: string;
  /** The session the edge evaluates from those cookies, for decide(). */
  session: Session;
  claims: Claims;
}

function cookiePair(setCookie: string): [string, string] | undefined {
  const first = setCookie.split(";")[0] ?? "";
  const eq = first.indexOf("=");
  return eq > 0 ? [first.slice(0, eq).trim(), first.slice(eq + 1).trim()] : undefined;
}

/**
 * Amplify's cookies for the identity token, then POST /api/session/claims: the app loads the
 * user's data with that token and answers with the claims and their signed cookie. This POST is the
 * only request that is not a GET or HEAD: it is the sign-in step the app's own pages make.
 */
export async function signInWithIdToken(base: URL, clientId: string, idToken: string, redactor: Redactor): Promise<SignedIn> {
  redactor.add(idToken);
  const payload = decodeJwt(idToken);
  const username = String(payload["cognito:username"] ?? "");
  if (!username) throw new SignInError("the identity token names no cognito:username");
  const identity = `${lastAuthUserCookie(clientId)}=${encodeURIComponent(username)}; ${idTokenCookie(clientId, encodeURIComponent(username))}=${idToken}`;
  const res = await fetch(new URL("/api/session/claims", base), {
    method: "POST",
    headers: { cookie: identity, "user-agent": "route-check (ops)" },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new SignInError(`the claims endpoint answered ${res.status}`);
  const body = (await res.json()) as { claims?: Claims };
  const claimsCookie = res.headers
    .getSetCookie()
    .map(cookiePair)
    .find((p) => p?.[0] === CLAIMS_COOKIE);
  if (!body.claims || !claimsCookie) throw new SignInError("the claims endpoint wrote no claims");
  redactor.add(claimsCookie[1]);
  return {
    cookie: `${identity}; ${CLAIMS_COOKIE}=${claimsCookie[1]}`,
    identityCookie: identity,
    session: { status: "signed-in", sub: String(payload.sub), username, email: String(payload.email ?? ""), claims: body.claims },
    claims: body.claims,
  };
}
