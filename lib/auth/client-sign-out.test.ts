/** @jest-environment jsdom */
import { isAmplifyConfigured } from "./amplify";
import { signOutOfAmplify } from "./auth-service";
import { clearSessionKeys, signOutOnThisBrowser } from "./client-sign-out";

jest.mock("./amplify", () => ({ isAmplifyConfigured: jest.fn() }));
jest.mock("./auth-service", () => ({ signOutOfAmplify: jest.fn() }));

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  sessionStorage.setItem("shell.loadAndReturn", "{}");
  sessionStorage.setItem("CognitoSignInState.signInSession", "s");
  sessionStorage.setItem("someone-else", "kept");
});

describe("signOutOnThisBrowser", () => {
  it("signs out of Amplify, then clears the shell's and Amplify's per-tab keys only", async () => {
    jest.mocked(isAmplifyConfigured).mockReturnValue(true);
    await signOutOnThisBrowser();
    expect(signOutOfAmplify).toHaveBeenCalled();
    expect(Object.keys(sessionStorage)).toEqual(["someone-else"]);
  });

  it("clears the keys even when Amplify's sign-out fails, and reports the failure", async () => {
    jest.mocked(isAmplifyConfigured).mockReturnValue(true);
    jest.mocked(signOutOfAmplify).mockRejectedValue(new Error("offline"));
    await expect(signOutOnThisBrowser()).rejects.toThrow("offline");
    expect(Object.keys(sessionStorage)).toEqual(["someone-else"]);
  });

  it("does not call Amplify on a page that never configured it", async () => {
    jest.mocked(isAmplifyConfigured).mockReturnValue(false);
    await signOutOnThisBrowser();
    expect(signOutOfAmplify).not.toHaveBeenCalled();
  });
});

it("clearSessionKeys leaves other keys alone", () => {
  clearSessionKeys(sessionStorage);
  expect(sessionStorage.getItem("someone-else")).toBe("kept");
  expect(sessionStorage.length).toBe(1);
});
