"use client";

import { useEffect } from "react";
import { keepSessionFreshOnDemand } from "@/lib/auth/amplify-on-demand";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Keeps the identity token fresh in the cookies the middleware reads, from the configuration the
 * layout read at request time. Amplify is not in the page's first load (issue 14), nor loaded after
 * it: only when the token is due for refresh, or when sign-out, a consent or an error report needs
 * it (lib/auth/amplify-on-demand). Renders nothing.
 */
export function AmplifySetup({ config }: { config: PublicConfig }) {
  useEffect(() => keepSessionFreshOnDemand(config), [config]);
  return null;
}
