import type { Identifier } from "@/lib/auth/identifier";
import { IDLE_REASON, IDLE_TIMEOUT_MS } from "@/lib/browser/idle-timeout";

/** What the sign-in form says, in one place. Never the identity provider's wording (SPEC 8). */

export type SignInMode = "login" | "register";

export function identifierError(reason: Extract<Identifier, { kind: "invalid" }>["reason"], mode: SignInMode): string {
  if (mode === "register") {
    return reason === "empty" ? "Enter your e-mail address." : "Enter a valid e-mail address, like name@example.com.";
  }
  switch (reason) {
    case "empty":
      return "Enter your e-mail address or mobile phone number.";
    case "email":
      return "Enter a valid e-mail address, like name@example.com.";
    case "phone":
      return "Enter a valid e-mail address, or a 10-digit US mobile number like (555) 234-5678.";
  }
}

export const CODE_INVALID = "Enter the 6-digit code from the message we sent you.";
/** Every new code replaces the one before (the identity service keeps one live challenge): said whenever one is sent. */
export const CODE_RESENT = "We sent you a new code. Earlier codes no longer work; codes expire after a few minutes.";
/** The code screen came back after a reload: a fresh code is sent, and the person is told (issue 49). */
export const CODE_RESENT_AFTER_RELOAD = "The page was reloaded, so we sent you a new code. Earlier codes no longer work.";
/** A second sign-up or sign-in in this tab while a code was pending: the first code is void, and said so (issue 49). */
export const CODE_SENT_AGAIN = "We sent you a new code. The code we sent before no longer works.";

export function wrongCode(triesLeft: number): string {
  return `That code is not right. Check the message and try again (${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left).`;
}

export const FINISH_FAILED = "We could not load your account. Please try again.";
export const FINISH_SIGNED_OUT = "We could not finish signing you in. Please sign in again.";

/** Why the visitor is on /login after being signed out (the `signedOut` query), if the shell did it. */
export function signedOutNotice(reason: string | string[] | undefined): string | undefined {
  return reason === IDLE_REASON
    ? `You were signed out because there was no activity for ${IDLE_TIMEOUT_MS / 60_000} minutes. Log in again to continue.`
    : undefined;
}
