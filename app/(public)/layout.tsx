import { AmplifySetup } from "@/components/auth/amplify-setup";
import { chromeUserFor } from "@/components/chrome/chrome-user";
import { PublicChrome } from "@/components/chrome/public-chrome";
import { publicConfig } from "@/lib/config/env";
import { currentSession } from "@/lib/session/server-session";

/** The public layout of SPEC 2: top bar, main, footer. Reads the session (cookies): dynamic. */
export default async function PublicLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  return (
    <PublicChrome user={chromeUserFor(session)}>
      <AmplifySetup config={publicConfig()} />
      {children}
    </PublicChrome>
  );
}
