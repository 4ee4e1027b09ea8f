import { REVOKE_TIMEOUT_MS, refreshTokenCookie, revokeRefreshToken } from "./revoke";
import { lastAuthUserCookie } from "./session";

const CLIENT = "client123";
const jar = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] });

describe("refreshTokenCookie", () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    [
      "the signed-in user's refresh token",
      { [lastAuthUserCookie(CLIENT)]: "abc123", "CognitoIdentityServiceProvider.client123.abc123.refreshToken": "rt-1" },
      "rt-1",
    ],
    [
      "the cookie under the encoded username",
      { [lastAuthUserCookie(CLIENT)]: "a@b.c", "CognitoIdentityServiceProvider.client123.a%40b.c.refreshToken": "rt-2" },
      "rt-2",
    ],
    [
      "the plain name first when both exist",
      {
        [lastAuthUserCookie(CLIENT)]: "a@b.c",
        "CognitoIdentityServiceProvider.client123.a@b.c.refreshToken": "rt-plain",
        "CognitoIdentityServiceProvider.client123.a%40b.c.refreshToken": "rt-enc",
      },
      "rt-plain",
    ],
    ["nothing without a signed-in user", { "CognitoIdentityServiceProvider.client123.abc123.refreshToken": "rt-1" }, undefined],
    [
      "nothing for another client's cookie",
      { [lastAuthUserCookie(CLIENT)]: "abc123", "CognitoIdentityServiceProvider.other.abc123.refreshToken": "rt-1" },
      undefined,
    ],
    [
      "nothing for another user's cookie",
      { [lastAuthUserCookie(CLIENT)]: "abc123", "CognitoIdentityServiceProvider.client123.zzz.refreshToken": "rt-1" },
      undefined,
    ],
  ])("%s", (_label, cookies, want) => {
    expect(refreshTokenCookie(jar(cookies), CLIENT)).toBe(want);
  });
});

describe("revokeRefreshToken (Cognito RevokeToken)", () => {
  // A revocation whose only interest is how fetchImpl answers.
  const revokeAt = (fetchImpl: typeof fetch, timeoutMs?: number) =>
    revokeRefreshToken({ endpoint: "http://x.invalid/", region: "us-east-1", clientId: CLIENT, refreshToken: "rt", fetchImpl, timeoutMs });
  it("posts RevokeToken with the client id and the token to the endpoint, uncached, with a 2 s limit", async () => {
    const calls: [string, RequestInit][] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    expect(REVOKE_TIMEOUT_MS).toBe(2000);
    await expect(
      revokeRefreshToken({
        endpoint: "http://127.0.0.1:3000/api/local/cognito",
        region: "us-east-1",
        clientId: CLIENT,
        refreshToken: "rt-1",
        fetchImpl,
        requestId: "req-12345678",
      }),
    ).resolves.toBe("revoked");
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe("http://127.0.0.1:3000/api/local/cognito");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": "AWSCognitoIdentityProviderService.RevokeToken",
      "x-request-id": "req-12345678",
    });
    expect(JSON.parse(init.body as string)).toEqual({ ClientId: CLIENT, Token: "rt-1" });
    expect(init.cache).toBe("no-store");
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("goes to AWS's regional endpoint without a custom one", async () => {
    let seen = "";
    const fetchImpl = (async (url: string) => {
      seen = url;
      return new Response("{}", { status: 200 });
    }) as unknown as typeof fetch;
    await revokeRefreshToken({ endpoint: undefined, region: "eu-west-2", clientId: CLIENT, refreshToken: "rt-1", fetchImpl });
    expect(seen).toBe("https://cognito-idp.eu-west-2.amazonaws.com/");
  });

  it.each([
    ["a refusal", async () => new Response('{"__type":"NotAuthorizedException"}', { status: 400 })],
    ["a server error", async () => new Response("", { status: 500 })],
    [
      "a network failure",
      async () => {
        throw new TypeError("fetch failed");
      },
    ],
  ])("answers failed on %s, never throws", async (_label, impl) => {
    await expect(revokeAt(impl as unknown as typeof fetch)).resolves.toBe("failed");
  });

  it("gives up after its time limit", async () => {
    const fetchImpl = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener("abort", () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    await expect(revokeAt(fetchImpl, 20)).resolves.toBe("failed");
  });
});
