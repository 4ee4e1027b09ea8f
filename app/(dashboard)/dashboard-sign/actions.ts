"use server";

import { failure, type ActionResult } from "@/lib/actions/action-result";
import { userAction } from "@/lib/actions/user-action";
import { serverConfig } from "@/lib/config/env";
import { counters, signedCopy } from "./operations";
import { COUNTERS_ERRORS, COUNTERS_RULES, isAcceptableDocumentUrl, isAcceptableSigningUrl, isSignatureId } from "./signing-url";

/** A signing URL to open, or why there is none (the page has its own copy for each reason). */
export type SigningUrlResult = ActionResult<{ url: string }>;

/**
 * Asks the API for a fresh embedded signing URL (counters) with the signed-in user's own token,
 * read from the identity cookie on the server. Called on arrival and on every retry: the
 * provider's sign URLs are one-time.
 */
export async function requestSigningUrl(signatureId: string): Promise<SigningUrlResult> {
  if (!isSignatureId(signatureId)) return failure("not-found");
  return userAction(
    { page: "dashboard-sign", operation: "counters", errorTypes: COUNTERS_ERRORS, ruleReasons: COUNTERS_RULES },
    async ({ client, unusable }) => {
      const config = serverConfig();
      if (!config.hellosign) return failure("failed");
      const url = await counters(client, signatureId);
      if (!isAcceptableSigningUrl(url, config)) return unusable("answered an unacceptable signing URL");
      return { ok: true, url };
    },
  );
}

/** The signed copy to download, or null while the provider's callback has not filed it yet. */
export type SignedCopyResult = ActionResult<{ copy: { url: string; fileName: string } | null }>;

/**
 * Looks for the signed contract in the user's documents (loadFrontend, with their own token): asked
 * after signing, on arrival at a contract already signed, and when the reader checks again. Each
 * answer carries a freshly signed URL.
 */
export async function requestSignedCopy(signatureId: string): Promise<SignedCopyResult> {
  if (!isSignatureId(signatureId)) return failure("not-found");
  return userAction({ page: "dashboard-sign", operation: "loadFrontend" }, async ({ client, unusable }) => {
    const copy = await signedCopy(client, signatureId);
    if (copy && !isAcceptableDocumentUrl(copy.url)) return unusable("answered an unacceptable document URL");
    return { ok: true, copy };
  });
}
