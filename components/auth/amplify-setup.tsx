"use client";

import { useEffect } from "react";
import { configureAmplify } from "@/lib/auth/amplify";
import { keepSessionFresh } from "@/lib/auth/keep-session-fresh";
import type { PublicConfig } from "@/lib/config/env";

/**
 * Configures Amplify in the browser from the configuration the layout read at request time, so
 * that anything on the page (the Logout controls' signOut(), in particular) finds it ready. It runs
 * during render, before the children's effects; configureAmplify is idempotent. While the page is
 * open it keeps the identity token fresh in the cookies the middleware reads. Renders nothing.
 */
export function AmplifySetup({ config }: { config: PublicConfig }) {
  if (typeof window !== "undefined") configureAmplify(config);
  useEffect(() => keepSessionFresh(), []);
  return null;
}
