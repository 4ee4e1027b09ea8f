"use server";

import { failure } from "@/lib/actions/action-result";
import { apiError } from "@/lib/graphql/client";
import { counters } from "@/lib/graphql/operations";
import { serverConfig } from "@/lib/config/env";
import { signedInApi } from "@/lib/session/signed-in-api";
import { isAcceptableSigningUrl, isSignatureId, problemFromApiError, signingFailure, type SigningUrlResult } from "./_ui/signing-url";
import { requestLogger } from "@/lib/observability/request-context";
import { logApiFailure } from "@/lib/observability/api-failure";

/**
 * Asks the API for a fresh embedded signing URL (counters) with the signed-in user's own token,
 * read from the identity cookie on the server. Called on arrival and on every retry: the
 * provider's sign URLs are one-time.
 */
export async function requestSigningUrl(signatureId: string): Promise<SigningUrlResult> {
  if (!isSignatureId(signatureId)) return failure("not-found");
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  const config = serverConfig();
  if (!config.hellosign) return failure("failed");
  try {
    const url = await counters(api.client, signatureId);
    if (!isAcceptableSigningUrl(url, config)) {
      (await requestLogger({ page: "dashboard-sign" })).error({ operation: "counters" }, "counters answered an unacceptable signing URL");
      return failure("failed");
    }
    return { ok: true, url };
  } catch (error) {
    const detail = apiError(error);
    const problem = problemFromApiError(detail);
    if (problem === "unavailable") await logApiFailure("counters", error, { page: "dashboard-sign" });
    return signingFailure(problem);
  }
}
