"use client";

import { useEffect } from "react";
import { keepSessionFreshOnDemand, rememberAmplifyConfig } from "@/lib/auth/amplify-on-demand";
import { whenIdle } from "@/lib/browser/when-idle";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Keeps the identity token fresh in the cookies the middleware reads, from the configuration the
 * layout read at request time. Amplify is not in the page's first load (issue 14), nor loaded after
 * it: only when the token is due for refresh, or when sign-out, a consent or an error report needs
 * it (lib/auth/amplify-on-demand). Renders nothing.
 */
export function AmplifySetup({ config }: { config: PublicConfig }) {
  useEffect(() => {
    // At once: a sign-out in the page's first moments loads Amplify with it.
    rememberAmplifyConfig(config);
    // Not in the hydration's task: the first read of document.cookie waits on the browser, and the
    // cookies are parsed twice (issue 24: blocking time).
    return whenIdle(() => keepSessionFreshOnDemand(config));
  }, [config]);
  return null;
}
