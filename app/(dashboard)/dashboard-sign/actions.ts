"use server";

import { apiError, userClient } from "@/lib/api/client";
import { counters } from "@/lib/api/operations";
import { serverConfig } from "@/lib/config/env";
import { currentIdToken, currentSession } from "@/lib/session/server-session";
import { isAcceptableSigningUrl, isSignatureId, problemFromApiError, type SigningUrlResult } from "./_ui/signing-url";

/**
 * Asks the API for a fresh embedded signing URL (counters) with the signed-in user's own token,
 * read from the identity cookie on the server. Called on arrival and on every retry: the
 * provider's sign URLs are one-time.
 */
export async function requestSigningUrl(signatureId: string): Promise<SigningUrlResult> {
  if (!isSignatureId(signatureId)) return { ok: false, reason: "not-found" };
  const session = await currentSession();
  const token = await currentIdToken();
  if (session.status === "anonymous" || !token) return { ok: false, reason: "signed-out" };
  const config = serverConfig();
  if (!config.hellosign) return { ok: false, reason: "unavailable" };
  try {
    const url = await counters(userClient(config.graphql.url, token), signatureId);
    if (!isAcceptableSigningUrl(url, config)) {
      console.error("[dashboard-sign] counters answered an unacceptable signing URL");
      return { ok: false, reason: "unavailable" };
    }
    return { ok: true, url };
  } catch (error) {
    const detail = apiError(error);
    const reason = problemFromApiError(detail);
    if (reason === "unavailable") console.error("[dashboard-sign] counters failed:", detail?.errorType ?? (error instanceof Error ? error.message : error));
    return { ok: false, reason };
  }
}
