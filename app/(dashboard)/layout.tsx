import { AmplifySetup } from "@/components/auth/amplify-setup";
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
  return (
    <DashboardChrome user={chromeUserFor(session)} companyEmailDomains={config.companyEmailDomains}>
      <AmplifySetup config={config} />
      {session.status === "signed-in" && needsUpdatedTermsConsent(session.claims) && (
        <UpdatedTermsConsent evolveConsent={session.claims.evolveConsent} config={config} />
      )}
      {children}
    </DashboardChrome>
  );
}
