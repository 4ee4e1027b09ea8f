/**
 * Sign-out, the one function every Logout control calls (sidebar, profile menu).
 *
 * 1. Client steps: whatever lives in the browser is reset here. EXTENSION POINT for the auth
 *    engineer: Amplify's signOut() and the client stores' resets go into clientSignOutSteps().
 * 2. The server step: a POST to the sign-out route, as a real form submission, so the browser
 *    navigates. The route deletes Amplify's cookies and the claims cookie and answers 303 to the
 *    marketing site; the full page load also drops every bit of in-memory client state.
 *
 * A failing client step never keeps the user signed in: the server step runs regardless.
 */

import { IDLE_REASON } from "@/lib/browser/idle-timeout";
import { clearAllDrafts } from "@/lib/forms/draft-store";
import { announceSignOut, markSigningOutHere, resetSigningOutHereForTests, type SignOutReason } from "@/lib/browser/session-broadcast";

export const SIGN_OUT_ENDPOINT = "/api/session/sign-out";

/**
 * Client-side resets before the cookies go: Amplify's signOut (global: false) and the per-tab
 * state (lib/auth/client-sign-out.ts). Loaded on demand, so Amplify is not in every page's bundle
 * for a control most visits never use. Errors are caught by signOut().
 */
async function clientSignOutSteps(): Promise<void> {
  // Amplify loads only when a page needs it: it must be here, so its signOut revokes the refresh token.
  const { amplifyForSession } = await import("@/lib/auth/amplify-on-demand");
  await amplifyForSession();
  const { signOutOnThisBrowser } = await import("@/lib/auth/client-sign-out");
  await signOutOnThisBrowser();
}

export interface SignOutOptions {
  /** "idle": the route sends the visitor to /login with a message, and back to `redirect` after. */
  reason?: SignOutReason;
  /** The page to come back to (the route keeps it only if it is a safe in-app path). */
  redirect?: string;
}

/** Posts to the sign-out route with a hidden form: a navigation, so the 303 is followed. */
export function submitSignOutForm(doc: Document = document, options: SignOutOptions = {}): void {
  const form = doc.createElement("form");
  form.method = "post";
  form.action = SIGN_OUT_ENDPOINT;
  form.hidden = true;
  const fields: [string, string | undefined][] = [
    ["reason", options.reason === "idle" ? IDLE_REASON : undefined],
    ["redirect", options.redirect],
  ];
  for (const [name, value] of fields) {
    if (!value) continue;
    const input = doc.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

/** The browser steps get this long; then the server step runs anyway (it revokes and clears the cookies itself). */
export const CLIENT_SIGN_OUT_TIMEOUT_MS = 3000;

let signingOut = false;

/**
 * Signs the user out and leaves for the marketing site (an idle sign-out: for /login with a
 * message). A second call while one runs is ignored.
 */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  markSigningOutHere();
  // First and synchronously: whatever the browser steps below do, no draft outlives the session.
  clearAllDrafts();
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLIENT_SIGN_OUT_TIMEOUT_MS)));
    await Promise.race([clientSignOutSteps(), bound]).finally(() => clearTimeout(timer));
  } catch {
    // Not shown (SPEC 8: client errors are logged, not shown); the auth engineer's logger goes here.
  }
  // The other tabs of this browser reload and find the session gone.
  try {
    announceSignOut(undefined, undefined, options.reason);
  } catch {
    // Never keeps anyone signed in: the server step runs regardless.
  }
  submitSignOutForm(document, options);
}

/** Tests only: forget a previous call. */
export function resetSignOutForTests(): void {
  signingOut = false;
  resetSigningOutHereForTests();
}
