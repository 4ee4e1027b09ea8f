import { confirmSignIn, fetchAuthSession, signIn, signOut, signUp } from "aws-amplify/auth";
import { AuthFlowError } from "./auth-errors";
import {
  answerCode,
  currentUserIdToken,
  registerAccount,
  SIGN_IN_CALL_TIMEOUT_MS,
  signOutOfAmplify,
  signUpAttributes,
  startSignIn,
  within,
} from "./auth-service";

jest.mock("aws-amplify/auth", () => ({
  signUp: jest.fn(),
  signIn: jest.fn(),
  confirmSignIn: jest.fn(),
  fetchAuthSession: jest.fn(),
  signOut: jest.fn(),
}));

const err = (name: string, message: string) => Object.assign(new Error(message), { name });
const challenge = (additionalInfo?: Record<string, string>) => ({
  isSignedIn: false,
  nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE", ...(additionalInfo ? { additionalInfo } : {}) },
});

beforeEach(() => jest.resetAllMocks());

describe("registerAccount", () => {
  it("signs up with a random hex username and password and the e-mail attribute", async () => {
    jest.mocked(signUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: "DONE" } } as never);
    await expect(registerAccount("new@example.com")).resolves.toEqual({ created: true });
    const input = jest.mocked(signUp).mock.calls[0]![0];
    expect(input.username).toMatch(/^[0-9a-f]{6}$/);
    expect(input.password).toMatch(/^[0-9a-f]{60}$/);
    expect(input.options?.userAttributes).toEqual({ email: "new@example.com" });
  });

  it("adds a phone for test addresses", () => {
    expect(signUpAttributes("qa+test5552345678@example.com")).toEqual({
      email: "qa+test5552345678@example.com",
      phone_number: "+15552345678",
    });
  });

  it("an existing e-mail is not an error: the caller signs in directly", async () => {
    jest.mocked(signUp).mockRejectedValue(err("UsernameExistsException", "An account with the given email already exists."));
    await expect(registerAccount("borrower@example.com")).resolves.toEqual({ created: false });
  });

  it("draws a new username when the random one is taken", async () => {
    jest
      .mocked(signUp)
      .mockRejectedValueOnce(err("UsernameExistsException", "User already exists"))
      .mockResolvedValueOnce({} as never);
    await expect(registerAccount("new@example.com")).resolves.toEqual({ created: true });
    expect(signUp).toHaveBeenCalledTimes(2);
  });

  it("gives up after three taken usernames", async () => {
    jest.mocked(signUp).mockRejectedValue(err("UsernameExistsException", "User already exists"));
    await expect(registerAccount("new@example.com")).rejects.toBeInstanceOf(AuthFlowError);
    expect(signUp).toHaveBeenCalledTimes(3);
  });

  it("rejects other errors with our own message", async () => {
    jest.mocked(signUp).mockRejectedValue(err("InternalErrorException", "internal detail"));
    await expect(registerAccount("new@example.com")).rejects.toMatchObject({
      failure: { kind: "unknown" },
      message: expect.not.stringContaining("internal"),
    });
  });
});

describe("startSignIn", () => {
  it("signs in with the identifier only, lowercased, on the custom flow", async () => {
    jest.mocked(signIn).mockResolvedValue(challenge({ destination: "b***@e***", USERNAME: "a1000a" }) as never);
    await expect(startSignIn(" Borrower@Example.com ")).resolves.toEqual({ destination: "b***@e***" });
    expect(signIn).toHaveBeenCalledWith({ username: "borrower@example.com", options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
  });

  it("an unknown user is a classified failure", async () => {
    jest.mocked(signIn).mockRejectedValue(err("UserNotFoundException", "User does not exist."));
    await expect(startSignIn("nobody@example.com")).rejects.toMatchObject({ failure: { kind: "user-not-found" } });
  });

  it("a stale session in this browser is signed out locally, then sign-in starts", async () => {
    jest
      .mocked(signIn)
      .mockRejectedValueOnce(err("UserAlreadyAuthenticatedException", "There is already a signed in user."))
      .mockResolvedValueOnce(challenge() as never);
    await expect(startSignIn("borrower@example.com")).resolves.toEqual({});
    expect(signOut).toHaveBeenCalledWith({ global: false });
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it("a step other than the custom challenge is refused", async () => {
    jest.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: "CONFIRM_SIGN_UP" } } as never);
    await expect(startSignIn("x@example.com")).rejects.toMatchObject({ failure: { kind: "unknown" } });
  });
});

describe("answerCode", () => {
  it("answers the challenge with the code", async () => {
    jest.mocked(confirmSignIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: "DONE" } } as never);
    await expect(answerCode("123456")).resolves.toEqual({ status: "signed-in" });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "123456" });
  });
  it("another round of the challenge means a wrong code with tries left", async () => {
    jest.mocked(confirmSignIn).mockResolvedValue(challenge() as never);
    await expect(answerCode("000000")).resolves.toEqual({ status: "wrong-code" });
  });
  it.each([
    ["Invalid session for the user, session is expired.", "code-expired"],
    ["Incorrect username or password.", "too-many-attempts"],
  ])("%s → %s", async (message, kind) => {
    jest.mocked(confirmSignIn).mockRejectedValue(err("NotAuthorizedException", message));
    await expect(answerCode("000000")).rejects.toMatchObject({ failure: { kind } });
  });
});

describe("session helpers", () => {
  it("currentUserIdToken: the id token, or undefined when signed out", async () => {
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({ tokens: { idToken: { toString: () => "id.jwt" } } } as never);
    await expect(currentUserIdToken()).resolves.toBe("id.jwt");
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({} as never);
    await expect(currentUserIdToken()).resolves.toBeUndefined();
    jest.mocked(fetchAuthSession).mockRejectedValueOnce(err("UserUnAuthenticatedException", "not authenticated"));
    await expect(currentUserIdToken()).resolves.toBeUndefined();
  });
  it("signOutOfAmplify: this browser only; signed out already is fine", async () => {
    await signOutOfAmplify();
    expect(signOut).toHaveBeenCalledWith({ global: false });
    jest.mocked(signOut).mockRejectedValueOnce(err("UserUnAuthenticatedException", "User needs to be authenticated"));
    await expect(signOutOfAmplify()).resolves.toBeUndefined();
    jest.mocked(signOut).mockRejectedValueOnce(err("NetworkError", "offline"));
    await expect(signOutOfAmplify()).rejects.toMatchObject({ failure: { kind: "network" } });
  });
});

describe("a sign-in call that never answers is abandoned (issue 44 item 3)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const never = () => new Promise<never>(() => undefined);

  it.each<[string, () => void, () => Promise<unknown>]>([
    ["startSignIn", () => jest.mocked(signIn).mockImplementation(never), () => startSignIn("a@example.com")],
    ["answerCode", () => jest.mocked(confirmSignIn).mockImplementation(never), () => answerCode("123456")],
    ["registerAccount", () => jest.mocked(signUp).mockImplementation(never), () => registerAccount("a@example.com")],
  ])("%s rejects with 'try again' after SIGN_IN_CALL_TIMEOUT_MS, not before", async (_name, hang, call) => {
    hang();
    let settled: unknown;
    const pending = call().catch((error: unknown) => (settled = error));
    await jest.advanceTimersByTimeAsync(SIGN_IN_CALL_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBeInstanceOf(AuthFlowError);
    expect((settled as AuthFlowError).failure).toEqual({
      kind: "timeout",
      message: "The sign-in service is not answering. Please try again.",
    });
  });

  it("within() passes an answer in time through, and clears its timer", async () => {
    await expect(within(Promise.resolve("ok"), 1000)).resolves.toBe("ok");
    expect(jest.getTimerCount()).toBe(0);
  });
});
