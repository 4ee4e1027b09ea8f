import {
  amplifySettled,
  idTokenOnDemand,
  keepSessionFreshOnDemand,
  loadAmplify,
  mayHaveStoredSession,
  resetAmplifyOnDemandForTests,
} from "./amplify-on-demand";
import { configureAmplify } from "./amplify";
import { currentIdToken } from "@/lib/client/id-token";
import type { PublicConfig } from "@/lib/config/env";

jest.mock("./amplify", () => ({ configureAmplify: jest.fn() }));
jest.mock("@/lib/client/id-token", () => ({ currentIdToken: jest.fn(async () => "id-token") }));
jest.mock("./keep-session-fresh", () => ({ keepSessionFresh: jest.fn(() => () => undefined) }));

const config = { cognito: { userPoolId: "us-east-1_x", clientId: "c" } } as unknown as PublicConfig;

beforeEach(() => {
  resetAmplifyOnDemandForTests();
  jest.clearAllMocks();
});

describe("Amplify on demand", () => {
  it("gives no token, and asks Amplify nothing, on a page that never loaded it", async () => {
    expect(await idTokenOnDemand()).toBeNull();
    expect(currentIdToken).not.toHaveBeenCalled();
    await expect(amplifySettled()).resolves.toBeUndefined();
  });

  it("configures Amplify with the page's configuration before reading the token", async () => {
    void loadAmplify(config);
    expect(await idTokenOnDemand()).toBe("id-token");
    expect(configureAmplify).toHaveBeenCalledWith(config);
    expect(jest.mocked(configureAmplify).mock.invocationCallOrder[0]).toBeLessThan(
      jest.mocked(currentIdToken).mock.invocationCallOrder[0]!,
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
    await amplifySettled();
    expect(configureAmplify).not.toHaveBeenCalled();
  });

  it("a signed-in visitor's page loads it and keeps the session fresh", async () => {
    keepSessionFreshOnDemand(config, "CognitoIdentityServiceProvider.c.LastAuthUser=a10001");
    await amplifySettled();
    expect(configureAmplify).toHaveBeenCalledWith(config);
  });
});
