"use client";

import { configureAmplify } from "@/lib/auth/amplify";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Configures Amplify in the browser from the configuration the layout read at request time, so
 * that anything on the page (the Logout controls' signOut(), in particular) finds it ready. It runs
 * during render, before the children's effects; configureAmplify is idempotent. Renders nothing.
 */
export function AmplifySetup({ config }: { config: PublicConfig }) {
  if (typeof window !== "undefined") configureAmplify(config);
  return null;
}
