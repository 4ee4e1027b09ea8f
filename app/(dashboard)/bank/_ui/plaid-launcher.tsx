"use client";

import { useEffect, useRef } from "react";
import { usePlaidLink, type PlaidLinkError, type PlaidLinkOnExitMetadata, type PlaidLinkOnSuccessMetadata } from "react-plaid-link";

export interface PlaidLauncherProps {
  /** A link token from the API: a new link, or update mode for an item whose login expired. */
  token: string;
  /** Back from a bank's OAuth login: this page's URL, with oauth_state_id (react-plaid-link's OAuth flow). */
  receivedRedirectUri?: string;
  onSuccess: (publicToken: string | null, metadata: PlaidLinkOnSuccessMetadata) => void;
  onExit: (error: PlaidLinkError | null, metadata: PlaidLinkOnExitMetadata) => void;
}

/**
 * Plaid Link exactly as react-plaid-link documents it: mounted with a link token, opened as soon as
 * Link is ready. Production loads Plaid's own script; locally the root layout has already put the
 * stand-in in place (WIDGETS.md), so this component has no local code path.
 */
export function PlaidLauncher({ token, receivedRedirectUri, onSuccess, onExit }: PlaidLauncherProps) {
  const { open, ready } = usePlaidLink({ token, receivedRedirectUri, onSuccess, onExit });
  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);
  return null;
}
