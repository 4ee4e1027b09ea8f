"use client";

import { useEffect, useRef } from "react";
import { usePlaidLink, type PlaidLinkError, type PlaidLinkOnExitMetadata, type PlaidLinkOnSuccessMetadata } from "react-plaid-link";
import { LINK_LOAD_TIMEOUT_MS } from "./link-script";

export interface PlaidLauncherProps {
  /** A link token from the API: a new link, or update mode for an item whose login expired. */
  token: string;
  /** Back from a bank's OAuth login: this page's URL, with oauth_state_id (react-plaid-link's OAuth flow). */
  receivedRedirectUri?: string;
  onSuccess: (publicToken: string | null, metadata: PlaidLinkOnSuccessMetadata) => void;
  onExit: (error: PlaidLinkError | null, metadata: PlaidLinkOnExitMetadata) => void;
  /** Plaid's script failed, or Link was not ready within LINK_LOAD_TIMEOUT_MS: the page says so and offers the by-hand path. */
  onUnavailable: () => void;
}

/**
 * Plaid Link exactly as react-plaid-link documents it: mounted with a link token, opened as soon as
 * Link is ready. Production loads Plaid's own script; locally the bank page mounts this only after
 * the stand-in has run (AfterStandIn, WIDGETS.md), so this component has no local code path.
 */
export function PlaidLauncher({ token, receivedRedirectUri, onSuccess, onExit, onUnavailable }: PlaidLauncherProps) {
  const { open, ready, error } = usePlaidLink({ token, receivedRedirectUri, onSuccess, onExit });
  const opened = useRef(false);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  // A bounded wait: the script's error, or no Link in time, ends it with a word (never a greyed-out button).
  useEffect(() => {
    if (ready) return;
    if (error) return unavailable.current();
    const timer = setTimeout(() => unavailable.current(), LINK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready, error]);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);
  return null;
}
