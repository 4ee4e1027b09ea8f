"use client";

import { useEffect } from "react";
import { keepSessionFreshOnDemand } from "@/lib/auth/amplify-on-demand";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Loads and configures Amplify in the browser after the page is interactive, from the
 * configuration the layout read at request time, and while the page is open keeps the identity
 * token fresh in the cookies the middleware reads. Amplify is not in the page's first load
 * (issue 14); sign-out and error logging wait for it (lib/auth/amplify-on-demand). Renders nothing.
 */
export function AmplifySetup({ config }: { config: PublicConfig }) {
  useEffect(() => keepSessionFreshOnDemand(config), [config]);
  return null;
}
