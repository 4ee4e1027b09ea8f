/** @jest-environment jsdom */
import {
  REFRESH_AHEAD_MS,
  amplifyForSession,
  identityTokenExpiry,
  idTokenOnDemand,
  keepSessionFreshOnDemand,
  loadAmplify,
  mayHaveStoredSession,
  resetAmplifyOnDemandForTests,
} from "./amplify-on-demand";
import { keepSessionFresh } from "./keep-session-fresh";
import { configureAmplify } from "./amplify";
import { amplifyIdToken } from "@/lib/browser/id-token";
import type { PublicConfig } from "@/lib/config/env";

jest.mock("./amplify", () => ({ configureAmplify: jest.fn() }));
jest.mock("@/lib/browser/id-token", () => ({ amplifyIdToken: jest.fn(async () => "id-token") }));
jest.mock("./keep-session-fresh", () => ({ keepSessionFresh: jest.fn(() => () => undefined) }));

const config = { cognito: { userPoolId: "us-east-1_x", clientId: "c" } } as unknown as PublicConfig;

beforeEach(() => {
  resetAmplifyOnDemandForTests();
  jest.clearAllMocks();
});

describe("Amplify on demand", () => {
  it("gives no token, and asks Amplify nothing, where the page gave no configuration or nobody is signed in", async () => {
    expect(await idTokenOnDemand(SIGNED_IN)).toBeNull();
    keepSessionFreshOnDemand(config, "x=1")();
    expect(await idTokenOnDemand("x=1")).toBeNull();
    expect(amplifyIdToken).not.toHaveBeenCalled();
    expect(configureAmplify).not.toHaveBeenCalled();
  });

  it("loads Amplify with the page's configuration when a token is asked for and nothing loaded it yet", async () => {
    const stop = keepSessionFreshOnDemand(config, signedIn(HOUR_AHEAD), () => NOW);
    expect(configureAmplify).not.toHaveBeenCalled();
    expect(await idTokenOnDemand(SIGNED_IN)).toBe("id-token");
    expect(configureAmplify).toHaveBeenCalledWith(config);
    stop();
  });

  it("configures Amplify with the page's configuration before reading the token", async () => {
    void loadAmplify(config);
    expect(await idTokenOnDemand()).toBe("id-token");
    expect(configureAmplify).toHaveBeenCalledWith(config);
    expect(jest.mocked(configureAmplify).mock.invocationCallOrder[0]).toBeLessThan(
      jest.mocked(amplifyIdToken).mock.invocationCallOrder[0]!,
    );
  });

  it("fails closed: a failed load means no token, and a later load still works", async () => {
    jest.mocked(configureAmplify).mockImplementationOnce(() => {
      throw new Error("chunk failed");
    });
    await expect(loadAmplify(config)).rejects.toThrow("chunk failed");
    expect(await idTokenOnDemand()).toBeNull();
    await loadAmplify(config);
    expect(await idTokenOnDemand()).toBe("id-token");
  });
});

describe("a stored session", () => {
  it.each([
    ["no cookies", "", false],
    ["another app client's user", "CognitoIdentityServiceProvider.other.LastAuthUser=a10001", false],
    ["an emptied cookie (signed out)", "CognitoIdentityServiceProvider.c.LastAuthUser=", false],
    ["this client's last user", "x=1; CognitoIdentityServiceProvider.c.LastAuthUser=a10001; y=2", true],
  ])("%s", (_, cookies, expected) => {
    expect(mayHaveStoredSession("c", cookies)).toBe(expected);
  });

  it("an anonymous visitor's page never loads Amplify to keep a session fresh (issue 24)", async () => {
    keepSessionFreshOnDemand(config, "x=1")();
    expect(await amplifyForSession("x=1")).toBe(false);
    expect(configureAmplify).not.toHaveBeenCalled();
  });
});

const NOW = Date.UTC(2026, 10, 26, 12);
const HOUR_AHEAD = NOW + 60 * 60_000;
const SIGNED_IN = "CognitoIdentityServiceProvider.c.LastAuthUser=a10001";
const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.s`;
const signedIn = (expMs: number, user = "a10001") =>
  `CognitoIdentityServiceProvider.c.LastAuthUser=${encodeURIComponent(user)}; CognitoIdentityServiceProvider.c.${encodeURIComponent(user)}.idToken=${jwt({ exp: expMs / 1000 })}`;

describe("the identity token's expiry, from Amplify's cookie", () => {
  it.each([
    ["a token", signedIn(HOUR_AHEAD), HOUR_AHEAD],
    ["a user name the cookie encodes", signedIn(HOUR_AHEAD, "jo+x@example.com"), HOUR_AHEAD],
    ["no token cookie", SIGNED_IN, null],
    ["another client's token", signedIn(HOUR_AHEAD).replaceAll(".c.", ".other."), null],
    ["a token that is not a JWT", `${SIGNED_IN}; CognitoIdentityServiceProvider.c.a10001.idToken=garbage`, null],
    ["a payload without exp", `${SIGNED_IN}; CognitoIdentityServiceProvider.c.a10001.idToken=${jwt({ sub: "x" })}`, null],
    ["an exp that is not a number", `${SIGNED_IN}; CognitoIdentityServiceProvider.c.a10001.idToken=${jwt({ exp: "soon" })}`, null],
  ])("%s", (_, cookies, expected) => {
    expect(identityTokenExpiry("c", cookies)).toBe(expected);
  });
});

describe("keeping the session fresh loads Amplify only when the token is due (issue 24)", () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());
  const flush = () => jest.advanceTimersByTimeAsync(0);

  it("a token good for an hour: nothing until REFRESH_AHEAD_MS before it expires, then Amplify and the checks", async () => {
    keepSessionFreshOnDemand(config, signedIn(HOUR_AHEAD));
    await jest.advanceTimersByTimeAsync(HOUR_AHEAD - REFRESH_AHEAD_MS - NOW - 1);
    expect(configureAmplify).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await flush();
    expect(configureAmplify).toHaveBeenCalledWith(config);
    expect(keepSessionFresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["a token already expired", signedIn(NOW - 1000)],
    ["a token due within REFRESH_AHEAD_MS", signedIn(NOW + REFRESH_AHEAD_MS - 1000)],
    ["an expiry it cannot read", SIGNED_IN],
  ])("%s: at once", async (_, cookies) => {
    keepSessionFreshOnDemand(config, cookies);
    await flush();
    expect(configureAmplify).toHaveBeenCalledWith(config);
    expect(keepSessionFresh).toHaveBeenCalledTimes(1);
  });

  it("a tab coming back after the due time (its timer held back) starts at once, and only once", async () => {
    let clock = NOW;
    keepSessionFreshOnDemand(config, signedIn(HOUR_AHEAD), () => clock);
    document.dispatchEvent(new Event("visibilitychange"));
    await flush();
    expect(configureAmplify).not.toHaveBeenCalled();
    clock = HOUR_AHEAD;
    document.dispatchEvent(new Event("visibilitychange"));
    document.dispatchEvent(new Event("visibilitychange"));
    await jest.advanceTimersByTimeAsync(HOUR_AHEAD - NOW);
    expect(configureAmplify).toHaveBeenCalledTimes(1);
    expect(keepSessionFresh).toHaveBeenCalledTimes(1);
  });

  it("a page left before the due time never loads Amplify", async () => {
    const stop = keepSessionFreshOnDemand(config, signedIn(HOUR_AHEAD));
    stop();
    await jest.advanceTimersByTimeAsync(HOUR_AHEAD - NOW);
    expect(configureAmplify).not.toHaveBeenCalled();
  });
});
