import { fetchAuthSession } from "aws-amplify/auth";

/**
 * While a page of this app stays open, asks Amplify for the session every minute and whenever the
 * tab becomes visible again. Amplify refreshes an identity token that has expired (using the
 * refresh token) and writes it back to the cookies, so the middleware's next decision sees a live
 * session instead of "signed out" after the token's hour. Costs no network call while the token
 * is still good. Returns a function that stops it.
 */
export const SESSION_CHECK_MS = 60_000;

export function keepSessionFresh(
  fetchSession: () => Promise<unknown> = () => fetchAuthSession(),
  intervalMs = SESSION_CHECK_MS,
): () => void {
  const check = () => {
    // Signed out, offline or not refreshable: the guards handle it on the next request.
    fetchSession().catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") check();
  };
  const timer = setInterval(check, intervalMs);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
