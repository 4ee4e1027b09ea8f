import type { SignInMode } from "./sign-in-messages";

/**
 * The sign-in waiting for its code, kept in this tab (sessionStorage) so that a reload of the code
 * screen comes back to it (issue 49). Kept: what the visitor typed, where the code went, and what
 * the flow still owes the lender for a new account. Never the code, and never whether an account
 * exists (the page does not say so either). Another tab, or a closed one, starts afresh.
 */
export interface PendingSignIn {
  mode: SignInMode;
  /** What the visitor typed, as typed (the form shows it again). */
  identifier: string;
  /** The normalised identifier the code was sent for. */
  sentFor: string;
  /** A new account was created in this flow (its partner origin is still to record). */
  createdAccount: boolean;
  /** The lender has not been told of the new account yet (justRegistered). */
  announceRegistration: boolean;
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
}

/** The shell's own prefix: sign-out clears it (lib/auth/client-sign-out.ts). */
export const PENDING_SIGN_IN_KEY = "shell.signIn.pending";

/** Past this a pending sign-in is not restored: its codes have long expired, and the visitor starts again. */
export const PENDING_SIGN_IN_MAX_AGE_MS = 15 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage blocked (a privacy setting): the flow works as before, without surviving a reload.
    return null;
  }
}

export function savePendingSignIn(pending: PendingSignIn): void {
  try {
    storage()?.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
  } catch {
    // Full or blocked: nothing is kept, nothing breaks.
  }
}

export function clearPendingSignIn(): void {
  try {
    storage()?.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    // Blocked: there is nothing to clear.
  }
}

const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 320;

/** The pending sign-in of this tab for `mode`, if one is kept, well formed and recent; anything else is dropped. */
export function loadPendingSignIn(mode: SignInMode, nowMs: number): PendingSignIn | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(PENDING_SIGN_IN_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let v: Partial<Record<keyof PendingSignIn, unknown>>;
  try {
    v = JSON.parse(raw) as typeof v;
  } catch {
    clearPendingSignIn();
    return null;
  }
  const wellFormed =
    v !== null &&
    typeof v === "object" &&
    (v.mode === "login" || v.mode === "register") &&
    isText(v.identifier) &&
    isText(v.sentFor) &&
    isBool(v.createdAccount) &&
    isBool(v.announceRegistration) &&
    typeof v.sentAt === "number" &&
    Number.isFinite(v.sentAt);
  if (!wellFormed || nowMs - (v.sentAt as number) > PENDING_SIGN_IN_MAX_AGE_MS || (v.sentAt as number) > nowMs) {
    clearPendingSignIn();
    return null;
  }
  // Another page's sign-in (login kept, register opened): not this one; left for its own page.
  if (v.mode !== mode) return null;
  return v as PendingSignIn;
}
