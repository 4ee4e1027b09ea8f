import type { answerCode, currentUserIdToken, registerAccount, signOutOfAmplify, startSignIn } from "@/lib/auth/auth-service";
import { loadAmplify, mayHaveStoredSession } from "@/lib/auth/amplify-on-demand";
import type { justRegistered, logOriginTracking } from "@/lib/auth/origin-tracking";
import { refreshClaims } from "@/lib/auth/refresh-claims";
import { logClientError } from "@/lib/browser/error-logging";
import type { PublicConfig } from "@/lib/config/env";

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
  /** Starts loading what signing in needs (the visitor has begun typing); optional. */
  prefetch?: () => void;
}

/**
 * The browser's sign-in services. Amplify and the sign-in calls (about 40 KiB gzipped) are not in
 * the sign-in pages' first load (issue 24): they load when the visitor starts typing, or when a
 * call needs them, and only a browser with a stored session loads them at once (to finish signing
 * in without a code).
 */
export function browserSignInServices(config: PublicConfig): SignInServices {
  let auth: Promise<typeof import("@/lib/auth/auth-service")> | undefined;
  const loadAuth = () => {
    auth ??= loadAmplify(config)
      .then(() => import("@/lib/auth/auth-service"))
      .catch((error: unknown) => {
        auth = undefined;
        throw error;
      });
    return auth;
  };
  return {
    registerAccount: async (email) => (await loadAuth()).registerAccount(email),
    startSignIn: async (identifier) => (await loadAuth()).startSignIn(identifier),
    answerCode: async (code) => (await loadAuth()).answerCode(code),
    currentUserIdToken: async () =>
      mayHaveStoredSession(config.cognito.clientId, document.cookie) ? (await loadAuth()).currentUserIdToken() : undefined,
    signOutOfAmplify: async () => (await loadAuth()).signOutOfAmplify(),
    refreshClaims: () => refreshClaims(),
    logOriginTracking: async (...args) => (await import("@/lib/auth/origin-tracking")).logOriginTracking(...args),
    justRegistered: async (...args) => (await import("@/lib/auth/origin-tracking")).justRegistered(...args),
    navigate: (url) => window.location.assign(url),
    logError: (where, error) => {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logClientError("error", new Error(`[auth] ${where}: ${detail}`));
    },
    prefetch: () => void loadAuth().catch(() => undefined),
  };
}
