import { isAmplifyConfigured } from "./amplify";
import { signOutOfAmplify } from "./auth-service";

/**
 * The browser half of sign-out (SPEC 4: sign-out resets all state): Amplify's signOut in this
 * browser (global: false; it revokes the refresh token and deletes its cookies), then the
 * per-tab state the shell and Amplify keep in sessionStorage. The server route then deletes every
 * identity cookie and the claims cookie, and the navigation to the marketing site drops whatever
 * was in memory.
 */

/** sessionStorage keys: the shell's own ("shell." prefix) and Amplify's half-finished sign-in. */
const SESSION_KEY_PREFIXES = ["shell.", "CognitoSignInState."];

export function clearSessionKeys(storage: Pick<Storage, "length" | "key" | "removeItem">): void {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && SESSION_KEY_PREFIXES.some((p) => key.startsWith(p))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

export async function signOutOnThisBrowser(
  storage: Pick<Storage, "length" | "key" | "removeItem"> | undefined = globalThis.sessionStorage,
): Promise<void> {
  try {
    // Not configured means this page never set Amplify up: no tokens of its own to revoke here;
    // the server route still deletes the cookies.
    if (isAmplifyConfigured()) await signOutOfAmplify();
  } finally {
    if (storage) clearSessionKeys(storage);
  }
}
