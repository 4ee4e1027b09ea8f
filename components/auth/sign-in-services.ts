import { justRegistered, logOriginTracking } from "@/lib/auth/origin-tracking";
import { answerCode, currentUserIdToken, registerAccount, signOutOfAmplify, startSignIn } from "@/lib/auth/auth-service";
import { refreshClaims } from "@/lib/auth/refresh-claims";
import { logClientError } from "@/lib/client/error-logging";

/** Everything the sign-in form does outside itself, injectable for tests. */
export interface SignInServices {
  registerAccount: typeof registerAccount;
  startSignIn: typeof startSignIn;
  answerCode: typeof answerCode;
  currentUserIdToken: typeof currentUserIdToken;
  signOutOfAmplify: typeof signOutOfAmplify;
  refreshClaims: () => ReturnType<typeof refreshClaims>;
  logOriginTracking: typeof logOriginTracking;
  justRegistered: typeof justRegistered;
  /** A full navigation: the middleware decides where the target really goes. */
  navigate: (url: string) => void;
  /** Client errors are logged, not shown (SPEC 8). */
  logError: (where: string, error: unknown) => void;
}

export const browserSignInServices: SignInServices = {
  registerAccount,
  startSignIn,
  answerCode,
  currentUserIdToken,
  signOutOfAmplify,
  refreshClaims: () => refreshClaims(),
  logOriginTracking,
  justRegistered,
  navigate: (url) => window.location.assign(url),
  logError: (where, error) => {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logClientError("error", new Error(`[auth] ${where}: ${detail}`));
  },
};
