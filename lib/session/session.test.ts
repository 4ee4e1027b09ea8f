import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, createLocalJWKSet, type JWK } from "jose";
import { CLAIMS_COOKIE, readClaims, signClaims } from "./claims";
import { MAX_CLOCK_SKEW_SECONDS } from "@/lib/cognito/issued-at";
import { createIdTokenVerifier } from "./id-token";
import { testClaims } from "./testing/claims";
import { sessionCookieJar } from "./session-cookies";
import { idTokenCookie, identityCookie, identitySignIn, lastAuthUserCookie, readSession, type SessionReaderOptions } from "./session";

const ISSUER = "http://127.0.0.1:3000/api/local/cognito/us-east-1_test";
const CLIENT = "client123";
const SECRET = "a-test-secret-that-is-long-enough-000";
const NOW = 1_800_000_000;

const claims = testClaims({ step: "loanDetails", loanState: "in-progress" });

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let options: SessionReaderOptions;
let publicKeys: ReturnType<typeof createLocalJWKSet>;
let publicJwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey as CryptoKey;
  otherKey = (await generateKeyPair("RS256")).privateKey as CryptoKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  publicKeys = createLocalJWKSet({ keys: [jwk] });
  publicJwk = jwk;
  options = {
    clientId: CLIENT,
    claimsSecret: SECRET,
    verifyIdToken: createIdTokenVerifier({
      issuer: ISSUER,
      jwksUrl: "http://unused.invalid/jwks",
      clientId: CLIENT,
      keys: createLocalJWKSet({ keys: [jwk] }),
    }),
  };
});

interface TokenOptions {
  key?: CryptoKey;
  iss?: string;
  aud?: string;
  use?: string;
  exp?: number;
  username?: string;
  sub?: string;
  alg?: string;
  /** null: no iat claim at all. */
  iat?: number | null;
  authTime?: number;
  originJti?: string;
}
async function idToken(o: TokenOptions = {}): Promise<string> {
  const jwt = new SignJWT({
    token_use: o.use ?? "id",
    "cognito:username": o.username ?? "abc123",
    email: "Someone@Example.com",
    ...(o.authTime !== undefined ? { auth_time: o.authTime } : {}),
    ...(o.originJti !== undefined ? { origin_jti: o.originJti } : {}),
  })
    .setProtectedHeader({ alg: o.alg ?? "RS256", kid: "k1" })
    .setSubject(o.sub ?? "sub-1")
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? CLIENT)
    .setExpirationTime(o.exp ?? NOW + 3600);
  if (o.iat !== null) jwt.setIssuedAt(o.iat ?? NOW - 60);
  return jwt.sign(o.key ?? privateKey);
}

function jar(entries: Record<string, string | undefined>) {
  return { get: (name: string) => entries[name] };
}
async function cookiesFor(token: string, user = "abc123", claimsCookie?: string) {
  return jar({
    [lastAuthUserCookie(CLIENT)]: user,
    [idTokenCookie(CLIENT, user)]: token,
    [CLAIMS_COOKIE]: claimsCookie,
  });
}

describe("readSession", () => {
  it("is signed in with a valid token and matching claims", async () => {
    const session = await readSession(await cookiesFor(await idToken(), "abc123", await signClaims(claims, SECRET, NOW)), options, NOW);
    expect(session).toEqual({ status: "signed-in", sub: "sub-1", username: "abc123", email: "someone@example.com", claims });
  });

  it("carries the verified token's auth_time (when the user authenticated), and nothing without one", async () => {
    const session = await readSession(await cookiesFor(await idToken({ authTime: NOW - 120 })), options, NOW);
    expect(session).toEqual({ status: "signing-in", sub: "sub-1", username: "abc123", email: "someone@example.com", authTime: NOW - 120 });
    const without = await readSession(await cookiesFor(await idToken()), options, NOW);
    expect(without).not.toHaveProperty("authTime");
  });

  it("is signing in with a valid token and no claims yet", async () => {
    const session = await readSession(await cookiesFor(await idToken()), options, NOW);
    expect(session.status).toBe("signing-in");
  });

  const anonymousCases: Array<[string, () => Promise<{ get(n: string): string | undefined }>]> = [
    ["no cookies", async () => jar({})],
    ["a user cookie without a token", async () => jar({ [lastAuthUserCookie(CLIENT)]: "abc123" })],
    ["an expired token", async () => cookiesFor(await idToken({ exp: NOW - 1 }))],
    ["a token signed by another key", async () => cookiesFor(await idToken({ key: otherKey }))],
    [
      "a token from another issuer",
      async () => cookiesFor(await idToken({ iss: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other" })),
    ],
    ["a token for another client", async () => cookiesFor(await idToken({ aud: "someoneelse" }))],
    ["an access token in place of the id token", async () => cookiesFor(await idToken({ use: "access" }))],
    ["a token of another user than the cookie names", async () => cookiesFor(await idToken({ username: "ffffff" }))],
    ["a tampered token", async () => cookiesFor((await idToken()).replace(/\.(.)/, ".x"))],
    ["garbage", async () => cookiesFor("not-a-jwt")],
    [
      "an unsigned token",
      async () =>
        cookiesFor(
          `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "sub-1", "cognito:username": "abc123", token_use: "id", iss: ISSUER, aud: CLIENT, exp: NOW + 100 })).toString("base64url")}.`,
        ),
    ],
    ["a malformed user cookie", async () => jar({ [lastAuthUserCookie(CLIENT)]: "%E0%A4%A" })],
    [
      "a token issued in the future, beyond the clock skew",
      async () => cookiesFor(await idToken({ iat: NOW + MAX_CLOCK_SKEW_SECONDS + 1 })),
    ],
    ["a token issued a day from now", async () => cookiesFor(await idToken({ iat: NOW + 86_400, exp: NOW + 90_000 }))],
    ["a token with no iat", async () => cookiesFor(await idToken({ iat: null }))],
  ];
  it.each(anonymousCases)("fails closed to anonymous on %s", async (_, make) => {
    await expect(readSession(await make(), options, NOW)).resolves.toEqual({ status: "anonymous" });
  });

  it.each([
    ["issued a minute ago", NOW - 60],
    ["issued now", NOW],
    ["issued within the clock skew ahead", NOW + MAX_CLOCK_SKEW_SECONDS],
  ])("accepts a token %s", async (_, iat) => {
    expect((await readSession(await cookiesFor(await idToken({ iat })), options, NOW)).status).toBe("signing-in");
  });

  it("the clock skew is small: one minute", () => {
    expect(MAX_CLOCK_SKEW_SECONDS).toBe(60);
  });

  it("treats a throwing verifier as anonymous, never an exception", async () => {
    const broken = {
      ...options,
      verifyIdToken: async () => {
        throw new Error("JWKS unreachable");
      },
    };
    await expect(readSession(await cookiesFor(await idToken()), broken, NOW)).resolves.toEqual({ status: "anonymous" });
  });

  it("treats an unreachable JWKS as verifying (an outage is not a sign-out), with one log line", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const verify = createIdTokenVerifier({ issuer: ISSUER, jwksUrl: "http://127.0.0.1:9/jwks.json", clientId: CLIENT });
      for (let i = 0; i < 3; i++)
        await expect(readSession(await cookiesFor(await idToken()), { ...options, verifyIdToken: verify }, NOW)).resolves.toEqual({
          status: "verifying",
          username: "abc123",
          keySetDown: true,
        });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(spy.mock.calls[0]![0]))).toMatchObject({ level: "error", error: "TypeError" });
    } finally {
      spy.mockRestore();
    }
  });

  it("shares one key set between copies of the module (Next's bundles in one process): one fetch, one line per outage", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const url = "http://127.0.0.1:9/bundles-jwks.json";
      // Two bundles: each its own copy of the session and verifier modules (and of their error classes).
      const bundles: { session: typeof import("./session"); idToken: typeof import("./id-token") }[] = [];
      for (let i = 0; i < 2; i++)
        await jest.isolateModulesAsync(
          async () => void bundles.push({ session: await import("./session"), idToken: await import("./id-token") }),
        );
      expect(bundles[0]!.idToken).not.toBe(bundles[1]!.idToken);
      for (const bundle of bundles) {
        const verify = bundle.idToken.createIdTokenVerifier({ issuer: ISSUER, jwksUrl: url, clientId: CLIENT });
        await expect(
          bundle.session.readSession(await cookiesFor(await idToken()), { ...options, verifyIdToken: verify }, NOW),
        ).resolves.toMatchObject({ status: "verifying" });
      }
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("fetches the key set with the request's id (x-request-id), for the trace from a request to Cognito", async () => {
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers["x-request-id"] as string | undefined);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const verify = createIdTokenVerifier({
        issuer: ISSUER,
        jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
        clientId: CLIENT,
        requestId: () => "req-jwks-1",
      });
      const session = await readSession(await cookiesFor(await idToken()), { ...options, verifyIdToken: verify }, NOW);
      expect(session.status).toBe("signing-in");
      expect(seen).toEqual(["req-jwks-1"]);
    } finally {
      server.close();
    }
  });

  it("forgets a remembered token once it expires", async () => {
    const token = await idToken({ exp: NOW + 10 });
    expect((await readSession(await cookiesFor(token), options, NOW)).status).toBe("signing-in");
    expect((await readSession(await cookiesFor(token), options, NOW + 11)).status).toBe("anonymous");
  });
});

describe("the verified-token cache (one verification per token per server)", () => {
  function countingVerifier(maxRemembered?: number) {
    let lookups = 0;
    const keys = async (...args: Parameters<ReturnType<typeof createLocalJWKSet>>) => {
      lookups += 1;
      return publicKeys(...args);
    };
    const verify = createIdTokenVerifier({ issuer: ISSUER, jwksUrl: "http://unused.invalid/jwks", clientId: CLIENT, keys, maxRemembered });
    return { verify, lookups: () => lookups };
  }

  it("verifies a token once, then answers from memory", async () => {
    const { verify, lookups } = countingVerifier();
    const token = await idToken();
    expect(await verify(token, NOW)).toMatchObject({ sub: "sub-1" });
    expect(await verify(token, NOW + 1)).toMatchObject({ sub: "sub-1" });
    expect(lookups()).toBe(1);
  });

  it("never extends a token's life: a remembered token fails at its exp", async () => {
    const { verify } = countingVerifier();
    const token = await idToken({ exp: NOW + 10 });
    expect(await verify(token, NOW)).not.toBeNull();
    expect(await verify(token, NOW + 10)).toBeNull();
    expect(await verify(token, NOW + 5)).not.toBeNull(); // verified afresh: still inside its life
  });

  it.each([
    ["tampered", async (good: string) => good.replace(/\.(.)/, ".x")],
    ["signed by a foreign key", async () => idToken({ key: otherKey })],
    ["expired", async () => idToken({ exp: NOW - 1 })],
    [
      "its signature swapped for another token's",
      async (good: string) => `${good.split(".").slice(0, 2).join(".")}.${(await idToken({ sub: "sub-2" })).split(".")[2]}`,
    ],
  ])("a %s token still fails after a good one was remembered", async (_, make) => {
    const { verify } = countingVerifier();
    const good = await idToken();
    expect(await verify(good, NOW)).not.toBeNull();
    expect(await verify(await make(good), NOW)).toBeNull();
  });

  it("is bounded: the oldest token is verified again once pushed out", async () => {
    const { verify, lookups } = countingVerifier(2);
    const [a, b, c] = await Promise.all([idToken({ sub: "a" }), idToken({ sub: "b" }), idToken({ sub: "c" })]);
    for (const t of [a, b, c]) await verify(t, NOW);
    expect(lookups()).toBe(3);
    await verify(c, NOW);
    expect(lookups()).toBe(3);
    await verify(a, NOW);
    expect(lookups()).toBe(4);
  });

  it("a remembered claims cookie is still bound to its user and still expires", async () => {
    const cookie = await signClaims(claims, SECRET, NOW);
    await expect(readClaims(cookie, SECRET, "sub-1", NOW)).resolves.toEqual(claims);
    await expect(readClaims(cookie, SECRET, "sub-2", NOW)).resolves.toBeNull();
    await expect(readClaims(cookie, SECRET, "sub-1", NOW + 15 * 60)).resolves.toBeNull();
    await expect(readClaims(cookie, "another-secret-that-is-long-enough-0", "sub-1", NOW)).resolves.toBeNull();
  });
});

describe("the claims cookie", () => {
  it("round-trips", async () => {
    await expect(readClaims(await signClaims(claims, SECRET, NOW), SECRET, "sub-1", NOW)).resolves.toEqual(claims);
  });
  it.each([
    ["expired", async () => readClaims(await signClaims(claims, SECRET, NOW - 16 * 60), SECRET, "sub-1", NOW)],
    [
      "signed with another secret",
      async () => readClaims(await signClaims(claims, "another-secret-that-is-long-enough-0", NOW), SECRET, "sub-1", NOW),
    ],
    ["bound to another user", async () => readClaims(await signClaims(claims, SECRET, NOW), SECRET, "sub-2", NOW)],
    ["tampered", async () => readClaims((await signClaims(claims, SECRET, NOW)).replace(/\.(..)/, ".AA"), SECRET, "sub-1", NOW)],
    ["missing", async () => readClaims(undefined, SECRET, "sub-1", NOW)],
    [
      "of the wrong shape",
      async () =>
        readClaims(
          await new SignJWT({ c: { step: 1 } })
            .setProtectedHeader({ alg: "HS256" })
            .setSubject("sub-1")
            .setIssuer("lending-shell")
            .setAudience("lending-shell/claims")
            .setExpirationTime(NOW + 60)
            .sign(new TextEncoder().encode(SECRET)),
          SECRET,
          "sub-1",
          NOW,
        ),
    ],
  ])("is ignored when %s", async (_, read) => {
    await expect(read()).resolves.toBeNull();
  });
  it("a signing-in session results when only the claims are bad", async () => {
    const bad = await signClaims({ ...claims, sub: "sub-2" }, SECRET, NOW);
    expect((await readSession(await cookiesFor(await idToken(), "abc123", bad), options, NOW)).status).toBe("signing-in");
  });
});

describe("identityCookie", () => {
  it("reads the user cookie as given, never decoding it again, so every reader finds the same token", async () => {
    const tokenA = await idToken();
    const tokenB = await idToken({ username: "abc", sub: "sub-b" });
    const cookies = jar({
      [lastAuthUserCookie(CLIENT)]: "%61bc",
      [idTokenCookie(CLIENT, "abc")]: tokenA,
      [idTokenCookie(CLIENT, "%61bc")]: tokenB,
    });
    const found = identityCookie(cookies, CLIENT);
    expect(found).toEqual({ username: "%61bc", token: tokenB });
    // The token names user "abc", not "%61bc": stitched cookies are nobody.
    await expect(readSession(cookies, options, NOW)).resolves.toEqual({ status: "anonymous" });
  });
  it("is undefined without both cookies", () => {
    expect(identityCookie(jar({ [lastAuthUserCookie(CLIENT)]: "abc123" }), CLIENT)).toBeUndefined();
    expect(identityCookie(jar({}), CLIENT)).toBeUndefined();
  });
});

describe("readSession: verifying (SPEC 4), the returning user whose identity token expired", () => {
  const REFRESH = "opaque-refresh-token";
  const expired = NOW - 1;
  type Case = [name: string, token: () => Promise<string>, refresh: string | undefined, user: string, want: string];
  const titled = (c: Case) => [`${c[0]} → ${c[4]}`, ...c.slice(1)] as unknown as Case;
  const cases: Case[] = [
    ["expired, genuine, refresh token kept", () => idToken({ exp: expired }), REFRESH, "abc123", "verifying"],
    ["expired a day ago, refresh token kept", () => idToken({ iat: NOW - 90_000, exp: NOW - 86_400 }), REFRESH, "abc123", "verifying"],
    ["expired, but no refresh token", () => idToken({ exp: expired }), undefined, "abc123", "anonymous"],
    ["expired, empty refresh token", () => idToken({ exp: expired }), "", "abc123", "anonymous"],
    ["expired and signed by another key", () => idToken({ exp: expired, key: otherKey }), REFRESH, "abc123", "anonymous"],
    ["expired, another issuer", () => idToken({ exp: expired, iss: "https://evil.example" }), REFRESH, "abc123", "anonymous"],
    ["expired, another client", () => idToken({ exp: expired, aud: "other-client" }), REFRESH, "abc123", "anonymous"],
    ["expired, an access token", () => idToken({ exp: expired, use: "access" }), REFRESH, "abc123", "anonymous"],
    ["expired, another user's token", () => idToken({ exp: expired, username: "someone-else" }), REFRESH, "abc123", "anonymous"],
    ["not a token at all", async () => "garbage", REFRESH, "abc123", "anonymous"],
    [
      "a token with its payload cut",
      async () => (await idToken({ exp: expired })).split(".").slice(0, 2).join("."),
      REFRESH,
      "abc123",
      "anonymous",
    ],
    ["still valid: signed in, not verifying", () => idToken(), REFRESH, "abc123", "signing-in"],
  ];
  it.each(cases.map(titled))("%s", async (_name, token, refresh, user, want) => {
    const cookies = jar({
      [lastAuthUserCookie(CLIENT)]: user,
      [idTokenCookie(CLIENT, user)]: await token(),
      [`CognitoIdentityServiceProvider.${CLIENT}.${user}.refreshToken`]: refresh,
    });
    const session = await readSession(cookies, options, NOW);
    expect(session.status).toBe(want);
    // The expired token's own sign-in comes along, so the idle limit can end it at the edge.
    if (want === "verifying") expect(session).toEqual({ status: "verifying", username: user, signIn: { sub: "sub-1" } });
  });

  it("never lets a verifying session's claims cookie count", async () => {
    const cookies = jar({
      [lastAuthUserCookie(CLIENT)]: "abc123",
      [idTokenCookie(CLIENT, "abc123")]: await idToken({ exp: expired }),
      [`CognitoIdentityServiceProvider.${CLIENT}.abc123.refreshToken`]: REFRESH,
      [CLAIMS_COOKIE]: await signClaims(claims, SECRET, NOW),
    });
    expect(await readSession(cookies, options, NOW)).toEqual({ status: "verifying", username: "abc123", signIn: { sub: "sub-1" } });
  });
});

describe("identitySignIn: which sign-in a sign-out ends, and whom its audit names", () => {
  it.each<[string, () => Promise<string>, string, { sub: string; originJti?: string } | undefined]>([
    ["a valid token", () => idToken({ sub: "sub-7", originJti: "o-7" }), "abc123", { sub: "sub-7", originJti: "o-7" }],
    ["a valid token without origin_jti", () => idToken({ sub: "sub-7" }), "abc123", { sub: "sub-7" }],
    [
      "a genuine token that has expired",
      () => idToken({ sub: "sub-7", originJti: "o-7", iat: NOW - 7200, exp: NOW - 3600 }),
      "abc123",
      { sub: "sub-7", originJti: "o-7" },
    ],
    ["a forged token", () => idToken({ sub: "sub-7", key: otherKey }), "abc123", undefined],
    ["another user's token", () => idToken({ sub: "sub-7", username: "someone-else" }), "abc123", undefined],
    ["not a token", async () => "garbage", "abc123", undefined],
  ])("%s", async (_name, token, user, want) => {
    expect(await identitySignIn(await cookiesFor(await token(), user), options, NOW)).toEqual(want);
  });
  it("is undefined without an identity cookie", async () => {
    expect(await identitySignIn(jar({}), options, NOW)).toBeUndefined();
  });
  it("is undefined when session cookie names arrived twice (never read last-wins)", async () => {
    const cookies = { ...(await cookiesFor(await idToken({ sub: "sub-7" }))), duplicated: [idTokenCookie(CLIENT, "abc123")] };
    expect(await identitySignIn(cookies, options, NOW)).toBeUndefined();
  });
});

describe("duplicated session cookie names (issue 51 item 5: a sibling host's second pair)", () => {
  const header = async (...extra: string[]) =>
    [
      `${lastAuthUserCookie(CLIENT)}=abc123`,
      `${idTokenCookie(CLIENT, "abc123")}=${await idToken({ sub: "sub-victim" })}`,
      `${CLAIMS_COOKIE}=${await signClaims({ ...claims, sub: "sub-victim" }, SECRET, NOW)}`,
      ...extra,
    ].join("; ");
  it("reads one value per name as Next would, when no session cookie is repeated", async () => {
    const cookies = sessionCookieJar(await header("other=1", "other=2"));
    expect(cookies.duplicated).toEqual([]);
    expect(await readSession(cookies, options, NOW)).toMatchObject({ status: "signed-in", sub: "sub-victim" });
  });
  it("is anonymous when a second identity follows the first (the last is never read)", async () => {
    const intruder = await idToken({ sub: "sub-intruder", username: "zzz" });
    const cookies = sessionCookieJar(await header(`${lastAuthUserCookie(CLIENT)}=zzz`, `${idTokenCookie(CLIENT, "zzz")}=${intruder}`));
    expect(cookies.duplicated).toEqual([lastAuthUserCookie(CLIENT)]);
    expect(cookies.get(lastAuthUserCookie(CLIENT))).toBeUndefined();
    expect(await readSession(cookies, options, NOW)).toEqual({ status: "anonymous" });
  });
  it.each([
    ["the identity token", () => idToken({ sub: "sub-intruder" }), idTokenCookie(CLIENT, "abc123")],
    ["the claims cookie", () => signClaims({ ...claims, sub: "sub-victim", step: "offerDetails" }, SECRET, NOW), CLAIMS_COOKIE],
    ["the activity stamp", async () => "another-stamp", "shell_activity"],
  ])("is anonymous when %s is sent twice with different values", async (_name, value, name) => {
    const cookies = sessionCookieJar(await header(`shell_activity=one`, `${name}=${await value()}`));
    expect(cookies.duplicated).toEqual([name]);
    expect(await readSession(cookies, options, NOW)).toEqual({ status: "anonymous" });
  });
  it("does not count one value sent twice (a host-only and a domain cookie alike) as a duplicate", async () => {
    const token = await idToken({ sub: "sub-victim" });
    const cookies = sessionCookieJar(await header(`${idTokenCookie(CLIENT, "abc123")}=${token}`));
    expect(cookies.duplicated).toEqual([]);
    expect(await readSession(cookies, options, NOW)).toMatchObject({ status: "signed-in" });
  });
});
