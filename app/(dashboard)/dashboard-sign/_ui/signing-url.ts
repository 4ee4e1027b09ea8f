import { failure, type ActionFailure, type ActionResult, type FailureReason } from "@/lib/actions/action-result";
import type { ApiErrorDetail } from "@/lib/graphql/client";

/**
 * What dashboard-sign gets when it asks for an embedded signing URL (counters). The API's own
 * wording is never shown (SPEC 8); each of the page's problems has its own copy.
 */
export type SigningUrlResult = ActionResult<{ url: string }>;

export type SigningUrlProblem =
  /** No valid identity any more: sign in again. */
  | "signed-out"
  /** Unknown id, or not this user's. */
  | "not-found"
  /** The contract is already signed. */
  | "already-signed"
  /** Signing is not configured here, or the API failed: try again later. */
  | "unavailable";

/** Each problem in the shared vocabulary of action failures, and back. */
const REASON_OF: Record<SigningUrlProblem, FailureReason> = {
  "signed-out": "signed-out",
  "not-found": "not-found",
  "already-signed": "conflict",
  unavailable: "failed",
};

export function signingFailure(problem: SigningUrlProblem): ActionFailure {
  return failure(REASON_OF[problem]);
}

export function problemOf(reason: FailureReason): SigningUrlProblem {
  const found = (Object.keys(REASON_OF) as SigningUrlProblem[]).find((problem) => REASON_OF[problem] === reason);
  return found ?? "unavailable";
}

/** Signature ids are opaque provider ids: letters, digits, dot, dash, underscore. */
export function isSignatureId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 128 && /^[\w.-]+$/.test(value);
}

/** counters' errors (AppSync's errorType) to the page's reasons. */
export function problemFromApiError(detail: ApiErrorDetail | undefined): SigningUrlProblem {
  if (!detail) return "unavailable";
  if (detail.status === 401 || detail.errorType === "UnauthorizedException") return "signed-out";
  if (detail.errorType === "ResourceNotFoundException" || detail.errorType === "BadRequestException") return "not-found";
  if (detail.errorType === "ConflictException") return "already-signed";
  return "unavailable";
}

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
