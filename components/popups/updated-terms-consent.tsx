"use client";

import { idTokenOnDemand } from "@/lib/auth/amplify-on-demand";
import { refreshClaims } from "@/lib/auth/refresh-claims";
import { reloadPage } from "@/lib/browser/reload";
import type { PublicConfig } from "@/lib/config/env";
import { UpdatedTermsPopup } from "./updated-terms-popup";

export class ConsentNotRecordedError extends Error {
  override name = "ConsentNotRecordedError";
}

/**
 * Records the user's consent to the updated terms (setEvolveConsent(true) with their ID token),
 * then reloads the page so that everything reads the new application data (SPEC 8). In between,
 * the claims are refreshed (the application data changed; issue 4 item 3), so that whatever
 * decides to show the popup after the reload sees the consent; a failed refresh does not stop the
 * reload (consenting again is harmless). Throws, and does not reload, when nobody is signed in or
 * the API does not confirm.
 */
export async function acknowledgeUpdatedTerms(graphqlUrl: string): Promise<void> {
  const idToken = await idTokenOnDemand();
  if (!idToken) throw new ConsentNotRecordedError("not signed in");
  // Loaded on the click: most dashboard visits never see this popup.
  const [{ userClient }, { setEvolveConsent }] = await Promise.all([import("@/lib/graphql/client"), import("@/lib/graphql/operations")]);
  const recorded = await setEvolveConsent(userClient(graphqlUrl, idToken), true);
  if (!recorded) throw new ConsentNotRecordedError("consent not confirmed");
  await refreshClaims().catch(() => undefined);
  reloadPage();
}

export interface UpdatedTermsConsentProps {
  /** The loaded application data's evolveConsent: the popup shows unless it is true. */
  evolveConsent: boolean | null;
  config: Pick<PublicConfig, "graphql">;
}

/** The updated-terms popup wired to the API: open while evolveConsent is not true. */
export function UpdatedTermsConsent({ evolveConsent, config }: UpdatedTermsConsentProps) {
  return <UpdatedTermsPopup open={evolveConsent !== true} onAcknowledge={() => acknowledgeUpdatedTerms(config.graphql.url)} />;
}
