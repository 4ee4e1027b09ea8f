import { Suspense } from "react";
import { AmplifySetup } from "@/components/auth/amplify-setup";
import { LoadMissingClaims } from "@/components/auth/load-missing-claims";
import { VerifyingSession } from "@/components/auth/verifying-session";
import { chromeUserFor } from "@/components/chrome/chrome-user";
import { DashboardChrome } from "@/components/chrome/dashboard-chrome";
import { PublicChrome } from "@/components/chrome/public-chrome";
import { SignInNotice } from "@/components/notices/sign-in-notice";
import { UpdatedTermsConsent } from "@/components/popups/updated-terms-consent";
import { needsUpdatedTermsConsent } from "@/lib/application/consent";
import { publicConfig } from "@/lib/config/env";
import { currentSession } from "@/lib/session/server-session";

/**
 * The dashboard layout of SPEC 2 (authentication required). The middleware normally turns
 * anonymous visitors away first; this layout checks again with the same fail-closed reader and,
 * without a session, renders only a sign-in notice in the public chrome: never the page.
 * Idle sign-out is the root layout's (every signed-in page). With an identity but no claims
 * cookie yet, it loads them in the background and renders again (LoadMissingClaims). Verifying
 * (identity token expired, refresh token kept), it refreshes the session and goes on (VerifyingSession).
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (session.status === "anonymous") {
    return (
      <PublicChrome user={{ signedIn: false }}>
        <SignInNotice />
      </PublicChrome>
    );
  }
  const config = publicConfig();
  if (session.status === "verifying") {
    // Never the page: nothing is shown or fetched for this user until the session is refreshed.
    return (
      <PublicChrome user={{ signedIn: false }}>
        <Suspense>
          <VerifyingSession config={config} />
        </Suspense>
      </PublicChrome>
    );
  }
  return (
    <DashboardChrome user={chromeUserFor(session)} companyEmailDomains={config.companyEmailDomains}>
      <AmplifySetup config={config} />
      {session.status === "signing-in" && <LoadMissingClaims />}
      {session.status === "signed-in" && needsUpdatedTermsConsent(session.claims) && (
        <UpdatedTermsConsent evolveConsent={session.claims.evolveConsent} config={config} />
      )}
      {children}
    </DashboardChrome>
  );
}
