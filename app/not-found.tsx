import type { Metadata } from "next";
import { chromeUserFor } from "@/components/chrome/chrome-user";
import { PublicChrome } from "@/components/chrome/public-chrome";
import { NotFoundNotice } from "@/components/notices/not-found-notice";
import { currentSession } from "@/lib/session/server-session";

// A screen reader says the title first on arrival: what happened, not only the site's name (issue 50).
export const metadata: Metadata = { title: "Page not found" };

/**
 * Any path without a route (SPEC 2), and staff pages for everyone else (SPEC 8): status 404, in the
 * public chrome, headed 'Ooops! Page not found' with 'Back to dashboard'.
 */
export default async function NotFound() {
  const session = await currentSession();
  return (
    <PublicChrome user={chromeUserFor(session)}>
      <NotFoundNotice />
    </PublicChrome>
  );
}
