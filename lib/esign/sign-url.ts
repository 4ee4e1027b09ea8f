/**
 * The e-signature provider's embedded sign URLs are valid for 60 minutes after they are minted and
 * expire as soon as they are opened (Dropbox Sign's embedded signing guide). The provider asks for
 * the URL "when the user is ready to sign"; the stand-in honours the same lifetime.
 */
export const SIGN_URL_VALID_MS = 60 * 60 * 1000;

/**
 * A URL minted earlier is opened only while it has this long left: loading the client and the
 * frame after the press takes seconds, and a phone's clock may run a little fast or slow.
 */
const OPEN_MARGIN_MS = 5 * 60 * 1000;

/** Whether a URL minted at `mintedAt` (ms since the epoch) can still be opened at `now`. */
export function canStillOpen(mintedAt: number, now: number): boolean {
  const age = now - mintedAt;
  return age >= 0 && age < SIGN_URL_VALID_MS - OPEN_MARGIN_MS;
}
