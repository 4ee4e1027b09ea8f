/**
 * What went wrong with the identity provider, in the visitor's terms. The provider's own wording
 * is never shown (SPEC 8): each failure maps to a kind and a message written here.
 */

export type AuthFailureKind =
  /** SPEC 8: "not authenticated" is being signed out, not a failure. */
  | "signed-out"
  /** Sign-up with an e-mail that has an account: sign in instead (SPEC 7). */
  | "email-exists"
  /** The random username was taken (3 bytes collide now and then): try another. */
  | "username-taken"
  /** Sign-up with a phone number (a sign-in alias) that another account has. */
  | "alias-exists"
  | "user-not-found"
  | "code-expired"
  | "too-many-attempts"
  | "rate-limited"
  | "disabled"
  | "invalid-input"
  | "network"
  /** The sign-in service did not answer within SIGN_IN_CALL_TIMEOUT_MS (./auth-service.ts): the call is abandoned. */
  | "timeout"
  | "unknown";

export interface AuthFailure {
  kind: AuthFailureKind;
  /** Safe to show. */
  message: string;
}

export const AUTH_MESSAGES: Record<AuthFailureKind, string> = {
  "signed-out": "You are signed out. Please sign in again.",
  "email-exists": "An account with this e-mail already exists.",
  "username-taken": "We could not create your account. Please try again.",
  "alias-exists":
    "Another account already uses the phone number of this address. Log in with that account, or sign up with a different e-mail address.",
  // Never shown by the sign-in form: an unknown account is treated as a sent code (use-sign-in-flow).
  "user-not-found": "We could not send a code. Check what you entered and try again.",
  "code-expired": "This code has expired. Send a new code to continue.",
  "too-many-attempts": "Too many wrong codes. Please start over and we will send you a new code.",
  "rate-limited": "Too many attempts. Please wait a few minutes and try again.",
  disabled: "This account cannot sign in. Please contact support.",
  "invalid-input": "Please check what you entered and try again.",
  network: "We could not reach the sign-in service. Check your connection and try again.",
  timeout: "The sign-in service is not answering. Please try again.",
  unknown: "Something went wrong while signing you in. Please try again.",
};

function parts(error: unknown): { name: string; message: string } {
  if (typeof error === "string") return { name: "", message: error };
  if (error && typeof error === "object") {
    const e = error as { name?: unknown; message?: unknown };
    return { name: typeof e.name === "string" ? e.name : "", message: typeof e.message === "string" ? e.message : "" };
  }
  return { name: "", message: "" };
}

/** SPEC 8: the provider's "not authenticated" (v5 wording) or Amplify v6's signed-out errors. */
export function isNotAuthenticated(error: unknown): boolean {
  const { name, message } = parts(error);
  return name === "UserUnAuthenticatedException" || /not authenticated/i.test(message);
}

/** SPEC 7: a sign-up error containing "email already exists". */
export function isEmailExists(error: unknown): boolean {
  return /email already exists/i.test(parts(error).message);
}

function kindOf(error: unknown): AuthFailureKind {
  const { name, message } = parts(error);
  if (isNotAuthenticated(error)) return "signed-out";
  if (isEmailExists(error)) return "email-exists";
  switch (name) {
    case "UsernameExistsException":
      return "username-taken";
    case "AliasExistsException":
      return "alias-exists";
    case "UserNotFoundException":
      return "user-not-found";
    case "LimitExceededException":
    case "TooManyRequestsException":
    case "TooManyFailedAttemptsException":
      return "rate-limited";
    case "CodeMismatchException":
      return "too-many-attempts";
    case "ExpiredCodeException":
      return "code-expired";
    // Amplify's own: confirmSignIn without a live sign-in (its 3-minute session ran out, or the
    // page was reloaded). The way on is a new code.
    case "SignInException":
      return "code-expired";
    case "InvalidParameterException":
    case "InvalidPasswordException":
    case "EmptySignInUsername":
    case "EmptySignUpUsername":
    case "EmptyChallengeResponse":
      return "invalid-input";
    case "NetworkError":
      return "network";
    case "NotAuthorizedException":
      // Cognito custom auth: an expired challenge session, the last wrong answer, a disabled user.
      if (/expired/i.test(message)) return "code-expired";
      if (/disabled/i.test(message)) return "disabled";
      if (/incorrect username or password|invalid session/i.test(message)) return "too-many-attempts";
      return "unknown";
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) return "network";
  return "unknown";
}

export function classifyAuthError(error: unknown): AuthFailure {
  const kind = kindOf(error);
  return { kind, message: AUTH_MESSAGES[kind] };
}

/** An error carrying a classified failure, so callers can branch on `failure.kind`. */
export class AuthFlowError extends Error {
  override name = "AuthFlowError";
  constructor(
    readonly failure: AuthFailure,
    options?: { cause?: unknown },
  ) {
    super(failure.message, options);
  }
}

export function toAuthFlowError(error: unknown): AuthFlowError {
  return error instanceof AuthFlowError ? error : new AuthFlowError(classifyAuthError(error), { cause: error });
}
