/**
 * Plaid OAuth (issue 25): the large US banks log in on their own site, then send the browser back
 * to the link token's redirect_uri, where Link is opened again with the same token and
 * `receivedRedirectUri` (react-plaid-link's documented flow). The one return path: the route
 * table's row, the link token's redirect_uri and the stand-in's allow-list all read it here.
 */
export const PLAID_OAUTH_RETURN_PATH = "/bank/oauth";

/** The redirect_uri for this app: must be on the Plaid dashboard's allowed list for the environment. */
export function plaidRedirectUri(appUrl: string): string {
  return new URL(PLAID_OAUTH_RETURN_PATH, appUrl).toString();
}

/**
 * Where the page keeps the link token while the bank's site is open (Plaid: reinitialise Link with
 * the token that started it, never a new one). sessionStorage, under the shell's prefix, so a
 * sign-out clears it (lib/auth/client-sign-out.ts); the bank returns to the same tab.
 */
export const PENDING_LINK_TOKEN_KEY = "shell.plaid.pendingLinkToken";

/** Whether a URL is a return from a bank's OAuth login (Plaid appends oauth_state_id). */
export function isOAuthReturn(url: string): boolean {
  try {
    return Boolean(new URL(url).searchParams.get("oauth_state_id"));
  } catch {
    return false;
  }
}
