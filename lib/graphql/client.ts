import { ClientError, GraphQLClient } from "graphql-request";
import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { isRefusalCode, type RefusalCode } from "@/lib/application/refusal-codes";

/**
 * GraphQL clients for the AppSync API (or its local stand-in: same wire protocol). Runtime-neutral:
 * usable in route handlers, server components, middleware and the browser. Every call is no-store:
 * the answers are per user and change with every step. Every call gives up after `timeoutMs` (the
 * server passes its configured limit, lib/session/signed-in-api.ts), so a slow API ends in the
 * page's own "try again" answer instead of holding the request open.
 */

/** The server's request id travels with each call, so the API's logs can be joined to ours. */
function traced(headers: Record<string, string>, requestId: string | undefined): Record<string, string> {
  return requestId ? { ...headers, "x-request-id": requestId } : headers;
}

/** Authenticated by the user's Cognito ID token, sent raw in Authorization as AppSync expects (no "Bearer"). */
export function userClient(
  url: string,
  idToken: string,
  timeoutMs: number = UPSTREAM_TIMEOUT_DEFAULTS.graphqlMs,
  requestId?: string,
): GraphQLClient {
  return new GraphQLClient(url, {
    headers: traced({ Authorization: idToken }, requestId),
    cache: "no-store",
    fetch: fetchWithin(timeoutMs),
  });
}

/** Authenticated by the public API key: only the public lookups (employer, island check, lead) accept it. */
export function publicClient(
  url: string,
  apiKey: string,
  timeoutMs: number = UPSTREAM_TIMEOUT_DEFAULTS.graphqlMs,
  requestId?: string,
): GraphQLClient {
  return new GraphQLClient(url, { headers: traced({ "x-api-key": apiKey }, requestId), cache: "no-store", fetch: fetchWithin(timeoutMs) });
}

/** fetch, aborted `timeoutMs` after each call starts (the whole answer, body included), or when the caller's own signal aborts. */
function fetchWithin(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

export interface ApiErrorDetail {
  status: number;
  /** AppSync's errorType: UnauthorizedException, Unauthorized, BadRequestException, NotImplemented... */
  errorType?: string;
  message: string;
  /** For input errors, the argument at fault. */
  field?: string;
  /** For a refusal by the lender's rules (FailedPrecondition), why: errorInfo.reason. */
  reason?: RefusalCode;
}

/** The first error of a failed call, in AppSync's terms; undefined for network failures. */
export function apiError(error: unknown): ApiErrorDetail | undefined {
  if (!(error instanceof ClientError)) return undefined;
  const first = error.response.errors?.[0] as
    { message?: string; errorType?: string; errorInfo?: { field?: unknown; reason?: unknown } | null } | undefined;
  const field = first?.errorInfo?.field;
  const reason = first?.errorInfo?.reason;
  return {
    status: error.response.status,
    errorType: first?.errorType,
    message: first?.message ?? error.message,
    field: typeof field === "string" ? field : undefined,
    ...(isRefusalCode(reason) ? { reason } : {}),
  };
}
