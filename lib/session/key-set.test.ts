import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { createIdTokenVerifier } from "./id-token";
import { createKeySet, KeySetUnavailableError, type KeySetOptions } from "./key-set";
import { readSession } from "./session";

const ISSUER = "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test";
const CLIENT = "client123";

interface Key {
  jwk: JWK;
  privateKey: CryptoKey;
}
async function key(kid: string): Promise<Key> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  return { jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" }, privateKey: pair.privateKey as CryptoKey };
}
function token(k: Key, username = "abc123"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: "id", "cognito:username": username, email: "a@example.com" })
    .setProtectedHeader({ alg: "RS256", kid: k.jwk.kid! })
    .setSubject("sub-1")
    .setIssuer(ISSUER)
    .setAudience(CLIENT)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3600)
    .sign(k.privateKey);
}

/** A key endpoint whose answer each test sets: keys, a failure, or a request that never answers. */
function endpoint() {
  let mode: { keys: JWK[] } | "fail" | "hang" = "fail";
  let fetches = 0;
  const fetchImpl: KeySetOptions["fetchImpl"] = async (_url, init) => {
    fetches++;
    if (mode === "fail") return new Response("oops", { status: 500 });
    if (mode === "hang")
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    return Response.json({ keys: mode.keys });
  };
  return {
    fetchImpl,
    set: (next: typeof mode) => (mode = next),
    fetches: () => fetches,
  };
}

function setUp(now: { t: number }) {
  const api = endpoint();
  const episodes: string[] = [];
  const keySet = createKeySet({
    url: "https://keys.invalid/jwks.json",
    timeoutMs: 50,
    cooldownMs: 5_000,
    fetchImpl: api.fetchImpl,
    onEpisode: (event) => episodes.push(event),
    now: () => now.t,
  });
  const verify = createIdTokenVerifier({ issuer: ISSUER, jwksUrl: "unused", clientId: CLIENT, keys: keySet.getKey });
  return { api, episodes, verify };
}

describe("the identity key set: an outage is not a sign-out (issue 44 item 2)", () => {
  let k1: Key;
  let k2: Key;
  beforeAll(async () => {
    [k1, k2] = await Promise.all([key("k1"), key("k2")]);
  });

  it.each<[string, "fail" | "hang"]>([
    ["failing (500)", "fail"],
    ["hanging past the timeout", "hang"],
  ])("cold cache, key set %s: not checkable yet, one log line, then it recovers", async (_name, mode) => {
    const now = { t: 1_000_000 };
    const { api, episodes, verify } = setUp(now);
    api.set(mode);
    const t = await token(k1);
    await expect(verify(t)).rejects.toBeInstanceOf(KeySetUnavailableError);
    // Within the cooldown: no new fetch per request, no new log line.
    await expect(verify(t)).rejects.toBeInstanceOf(KeySetUnavailableError);
    expect(api.fetches()).toBe(1);
    now.t += 5_001;
    await expect(verify(t)).rejects.toBeInstanceOf(KeySetUnavailableError);
    expect(api.fetches()).toBe(2);
    expect(episodes).toEqual(["failing"]);
    api.set({ keys: [k1.jwk] });
    now.t += 5_001;
    expect(await verify(t)).toMatchObject({ sub: "sub-1", username: "abc123" });
    expect(episodes).toEqual(["failing", "recovered"]);
  });

  it("a new kid (a rotation) is fetched at once, bounded by the cooldown; a kid unknown to a set that answered is not ours", async () => {
    const now = { t: 2_000_000 };
    const { api, verify } = setUp(now);
    api.set({ keys: [k1.jwk] });
    expect(await verify(await token(k1))).not.toBeNull();
    expect(api.fetches()).toBe(1);
    api.set({ keys: [k1.jwk, k2.jwk] });
    now.t += 5_001;
    expect(await verify(await token(k2))).not.toBeNull();
    expect(api.fetches()).toBe(2);
    // A kid nobody published, right after a fetch that answered: invalid (an anonymous visitor's
    // forged kid is no outage, issue 51 item 6), with no fetch per request…
    const stranger = await token(await key("k9"));
    for (let i = 0; i < 20; i++) expect(await verify(stranger)).toBeNull();
    expect(api.fetches()).toBe(2);
    // …and after the cooldown, one fresh fetch that does not know it either: refused as well.
    now.t += 5_001;
    expect(await verify(stranger)).toBeNull();
    expect(api.fetches()).toBe(3);
  });

  it("an unknown kid while the key endpoint is failing cannot be checked yet (verifying), not refused", async () => {
    const now = { t: 2_500_000 };
    const { api, verify } = setUp(now);
    api.set({ keys: [k1.jwk] });
    expect(await verify(await token(k1))).not.toBeNull();
    api.set("fail");
    now.t += 5_001;
    const rotated = await token(k2);
    // The fetch for the new kid fails: an outage, so the session waits…
    await expect(verify(rotated)).rejects.toBeInstanceOf(KeySetUnavailableError);
    // …and within the cooldown of that failed fetch it still waits (no fetch per request).
    await expect(verify(rotated)).rejects.toBeInstanceOf(KeySetUnavailableError);
    expect(api.fetches()).toBe(2);
  });

  it("keeps using the keys it holds when a refresh of an old set fails", async () => {
    const now = { t: 3_000_000 };
    const { api, episodes, verify } = setUp(now);
    api.set({ keys: [k1.jwk] });
    const first = await token(k1);
    expect(await verify(first)).not.toBeNull();
    api.set("fail");
    now.t += 3_600_001;
    expect(await verify(await token(k1, "someone"))).toMatchObject({ username: "someone" });
    expect(episodes).toEqual(["failing"]);
  });

  it("readSession: a token that cannot be checked is verifying, not anonymous", async () => {
    const { api, verify } = setUp({ t: 4_000_000 });
    api.set("fail");
    const cookies: Record<string, string> = {
      [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: "abc123",
      [`CognitoIdentityServiceProvider.${CLIENT}.abc123.idToken`]: await token(k1),
    };
    const session = await readSession(
      { get: (n) => cookies[n] },
      { clientId: CLIENT, claimsSecret: "s".repeat(32), verifyIdToken: verify },
    );
    expect(session).toEqual({ status: "verifying", username: "abc123", keySetDown: true });
  });
});
