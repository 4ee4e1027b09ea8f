import type { ReactNode } from "react";
import type { ChromeUser, LogoutHandler } from "./chrome-user";
import { Footer } from "./footer";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

export interface PublicChromeProps {
  user: ChromeUser;
  /** Omitted from server layouts: the Logout controls then call signOut() themselves. */
  onLogout?: LogoutHandler;
  children: ReactNode;
}

/** What the public layout renders around its pages: top bar, the main landmark, footer. */
export function PublicChrome({ user, onLogout, children }: PublicChromeProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar signedIn={user.signedIn} onLogout={onLogout} />
      {/* tabIndex -1: the skip link's target must take focus for screen readers to follow it. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
