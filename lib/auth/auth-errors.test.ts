import { AUTH_MESSAGES, AuthFlowError, classifyAuthError, isEmailExists, isNotAuthenticated, toAuthFlowError } from "./auth-errors";

const err = (name: string, message: string) => Object.assign(new Error(message), { name });

describe("classifyAuthError", () => {
  it.each([
    [err("UsernameExistsException", "An account with the given email already exists."), "email-exists"],
    [err("UsernameExistsException", "User already exists"), "username-taken"],
    [err("UserNotFoundException", "User does not exist."), "user-not-found"],
    [err("AliasExistsException", "An account with the given phone_number already exists."), "alias-exists"],
    [err("NotAuthorizedException", "Invalid session for the user, session is expired."), "code-expired"],
    [err("NotAuthorizedException", "Incorrect username or password."), "too-many-attempts"],
    [err("NotAuthorizedException", "Invalid session for the user."), "too-many-attempts"],
    [err("NotAuthorizedException", "User is disabled."), "disabled"],
    [err("SignInException", "An error occurred during the sign in process."), "code-expired"],
    [err("LimitExceededException", "Attempt limit exceeded"), "rate-limited"],
    [err("TooManyRequestsException", "Too many requests"), "rate-limited"],
    [err("InvalidParameterException", "Invalid email address format."), "invalid-input"],
    [err("NetworkError", "A network error has occurred."), "network"],
    [new TypeError("Failed to fetch"), "network"],
    [err("UserUnAuthenticatedException", "User needs to be authenticated to call this API."), "signed-out"],
    ["The user is not authenticated", "signed-out"],
    [err("InternalErrorException", "stack trace with secrets"), "unknown"],
    [undefined, "unknown"],
  ])("%p → %s", (error, kind) => {
    expect(classifyAuthError(error).kind).toBe(kind);
  });

  it("never shows the provider's wording", () => {
    const failure = classifyAuthError(err("InternalErrorException", "db password is hunter2"));
    expect(failure.message).toBe(AUTH_MESSAGES.unknown);
    expect(failure.message).not.toContain("hunter2");
  });
});

describe("SPEC 7/8 predicates", () => {
  it("'email already exists' anywhere in the message", () => {
    expect(isEmailExists(err("UsernameExistsException", "An account with the given email already exists."))).toBe(true);
    expect(isEmailExists(err("UsernameExistsException", "User already exists"))).toBe(false);
  });
  it("'not authenticated' means signed out", () => {
    expect(isNotAuthenticated("not authenticated")).toBe(true);
    expect(isNotAuthenticated(err("NotAuthorizedException", "Incorrect username or password."))).toBe(false);
  });
});

describe("toAuthFlowError", () => {
  it("wraps once and keeps the cause", () => {
    const cause = err("UserNotFoundException", "x");
    const wrapped = toAuthFlowError(cause);
    expect(wrapped).toBeInstanceOf(AuthFlowError);
    expect(wrapped.failure.kind).toBe("user-not-found");
    expect(wrapped.cause).toBe(cause);
    expect(toAuthFlowError(wrapped)).toBe(wrapped);
  });
});
