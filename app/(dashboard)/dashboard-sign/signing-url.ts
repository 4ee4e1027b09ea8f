import type { RefusalCode } from "@/lib/application/refusal-codes";
import type { FailureReason } from "@/lib/actions/action-result";

/**
 * The server's checks around dashboard-sign's embedded signing URL (counters): the id it asks
 * for, the URL it hands the embedded client, and what counters' errors mean to the page.
 */

/** Signature ids are opaque provider ids: letters, digits, dot, dash, underscore. */
export function isSignatureId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 128 && /^[\w.-]+$/.test(value);
}

/** counters' typed errors (AppSync's errorType) with a reason of the page's own. */
export const COUNTERS_ERRORS: Readonly<Record<string, FailureReason>> = {
  ResourceNotFoundException: "not-found",
  BadRequestException: "not-found",
  ConflictException: "conflict",
};

/** The lender's rules: a contract already signed (or its loan funded) is the page's "already signed". */
export const COUNTERS_RULES: Readonly<Partial<Record<RefusalCode, FailureReason>>> = { CONTRACT_SIGNED: "conflict" };

/**
 * The embedded client loads whatever URL it is given into an iframe: accept only https URLs
 * (the provider's) or, in the local environment, the stand-in at its configured origin.
 */
export function isAcceptableSigningUrl(value: unknown, options: { localEsignOrigin?: string }): value is string {
  if (typeof value !== "string") return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return options.localEsignOrigin !== undefined && url.origin === options.localEsignOrigin;
}

/**
 * A document link the page offers: the storage's https URL, or a path on this app's own origin
 * (the local stand-in's, behind the /api/local door); never another scheme or a protocol-relative
 * URL. Either way the browser follows it as a navigation, which the CSP does not restrict.
 */
export function isAcceptableDocumentUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}
