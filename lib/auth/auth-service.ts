import { confirmSignIn, signIn, signOut, signUp } from "aws-amplify/auth";
import { amplifyIdToken } from "@/lib/browser/id-token";
import { AUTH_MESSAGES, AuthFlowError, classifyAuthError, isEmailExists, isNotAuthenticated, toAuthFlowError } from "./auth-errors";
import { randomPassword, randomUsername } from "./credentials";
import { testPhoneFor } from "./identifier";

/**
 * The identity provider calls of SPEC 7, over Amplify (configured by ./amplify first). Every
 * rejection is an AuthFlowError whose message is ours, never the provider's.
 */

const CUSTOM_CHALLENGE = "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE";

/**
 * How long one sign-in call may go unanswered before it is abandoned with "try again" (issue 44
 * item 3): Amplify's requests have no timeout of their own, and a hung one would leave "Sending
 * your code…" for ever. The server's calls give up at 10 s too (lib/config/timeouts.ts).
 */
export const SIGN_IN_CALL_TIMEOUT_MS = 10_000;

/** `call`'s answer, or a "timeout" AuthFlowError once `ms` have passed without one. */
export async function within<T>(call: Promise<T>, ms: number = SIGN_IN_CALL_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AuthFlowError({ kind: "timeout", message: AUTH_MESSAGES.timeout })), ms);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
/** Three random bytes collide now and then; a new username is drawn on "User already exists". */
const USERNAME_TRIES = 3;

export interface RegisterResult {
  /** False when the e-mail already had an account (SPEC 7: then sign in directly). */
  created: boolean;
}

/** The user attributes of a new account: the e-mail, plus a phone for test addresses. */
export function signUpAttributes(email: string): Record<string, string> {
  const phone = testPhoneFor(email);
  return phone ? { email, phone_number: phone } : { email };
}

/** signUp with a random username and password; an existing e-mail is not an error. */
export async function registerAccount(email: string): Promise<RegisterResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      await within(
        signUp({ username: randomUsername(), password: randomPassword(), options: { userAttributes: signUpAttributes(email) } }),
      );
      return { created: true };
    } catch (error) {
      if (error instanceof AuthFlowError) throw error;
      if (isEmailExists(error)) return { created: false };
      const failure = classifyAuthError(error);
      if (failure.kind === "username-taken" && attempt < USERNAME_TRIES) continue;
      throw new AuthFlowError(failure, { cause: error });
    }
  }
}

export interface SignInStarted {
  /** Where the code went, masked by the provider (j***@e***), when it says. */
  destination?: string;
}

async function initiate(username: string) {
  return within(signIn({ username, options: { authFlowType: "CUSTOM_WITHOUT_SRP" } }));
}

/**
 * Starts the custom-challenge sign-in with the identifier only (an e-mail or +1 phone); the
 * provider sends a code. A stale Amplify session in this browser (someone else's, or an expired
 * one) is signed out locally first: the visitor asked to sign in as this identifier.
 */
export async function startSignIn(identifier: string): Promise<SignInStarted> {
  const username = identifier.trim().toLowerCase();
  let result;
  try {
    result = await initiate(username);
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== "UserAlreadyAuthenticatedException") throw toAuthFlowError(error);
    try {
      await within(signOut({ global: false }));
      result = await initiate(username);
    } catch (again) {
      throw toAuthFlowError(again);
    }
  }
  if (result.nextStep.signInStep !== CUSTOM_CHALLENGE) {
    throw new AuthFlowError(classifyAuthError(new Error(`unexpected sign-in step ${result.nextStep.signInStep}`)));
  }
  const info = (result.nextStep as { additionalInfo?: Record<string, string> }).additionalInfo;
  return info?.destination ? { destination: info.destination } : {};
}

export type CodeResult = { status: "signed-in" } | { status: "wrong-code" };

/**
 * Answers the challenge with the code. A wrong code with tries left comes back as another round of
 * the same challenge ("wrong-code"); an expired code and the last wrong try reject with the
 * failure kinds "code-expired" and "too-many-attempts".
 */
export async function answerCode(code: string): Promise<CodeResult> {
  let result;
  try {
    result = await within(confirmSignIn({ challengeResponse: code }));
  } catch (error) {
    throw toAuthFlowError(error);
  }
  if (result.isSignedIn) return { status: "signed-in" };
  if (result.nextStep.signInStep === CUSTOM_CHALLENGE) return { status: "wrong-code" };
  throw new AuthFlowError(classifyAuthError(new Error(`unexpected sign-in step ${result.nextStep.signInStep}`)));
}

/**
 * The signed-in user's identity token, refreshed by Amplify when it has expired and the refresh
 * token is still good. Undefined when signed out (SPEC 8: "not authenticated" is not a failure)
 * or when the session cannot be refreshed.
 */
export async function currentUserIdToken(): Promise<string | undefined> {
  return amplifyIdToken();
}

/** Amplify's sign-out in this browser only (global: false): revokes the refresh token, clears its cookies. */
export async function signOutOfAmplify(): Promise<void> {
  try {
    await signOut({ global: false });
  } catch (error) {
    if (isNotAuthenticated(error)) return;
    throw toAuthFlowError(error);
  }
}
