/**
 * The signed contract in the borrower's documents (SPEC 3's Documents, loaded by loadFrontend): a
 * fact both the lender's API (its stand-in files the copy when the provider's callback says the
 * request is signed) and the shell (dashboard-sign offers it) read.
 */

/** The file name the signed copy of signature request `signatureId` is filed under. */
export function signedContractFileName(signatureId: string): string {
  return `signed-contract-${signatureId}.pdf`;
}

/**
 * Document URLs are signed and short-lived, as a storage bucket's pre-signed URLs are; each
 * loadFrontend mints fresh ones.
 */
export const DOCUMENT_URL_VALID_MS = 15 * 60 * 1000;

/** A URL minted this long before its end is asked for again before it is followed: the click, the request and a phone's clock take a moment. */
const USE_MARGIN_MS = 2 * 60 * 1000;

/** Whether a document URL minted at `mintedAt` (ms since the epoch) may still be followed at `now`. */
export function documentUrlStillGood(mintedAt: number, now: number): boolean {
  const age = now - mintedAt;
  return age >= 0 && age < DOCUMENT_URL_VALID_MS - USE_MARGIN_MS;
}

/**
 * How long the provider's "signed" callback usually takes to reach the lender and the copy to be
 * filed: what the page promises when the copy is not there yet (Dropbox Sign retries a failed
 * callback within minutes).
 */
export const FILING_WITHIN_MINUTES = 5;
