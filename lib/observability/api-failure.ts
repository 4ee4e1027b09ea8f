import "server-only";
import { apiError } from "@/lib/graphql/client";
import { requestLogger } from "./request-context";
import { countApiFailure } from "./telemetry";

/**
 * A failed call to the GraphQL API, as pages and server actions report it: the operation, the HTTP
 * status and AppSync's errorType (or the network error's class) — never the message, which can
 * echo what the person typed — counted in api_failures.
 */
export async function logApiFailure(operation: string, error: unknown, fields: Record<string, unknown> = {}): Promise<void> {
  const detail = apiError(error);
  const name = (error as { name?: unknown } | null)?.name;
  let errorType = typeof name === "string" ? name : "unknown";
  if (detail) errorType = detail.errorType ?? `HTTP ${detail.status}`;
  countApiFailure(operation, errorType);
  (await requestLogger()).error({ operation, status: detail?.status, errorType, ...fields }, `${operation} failed`);
}
