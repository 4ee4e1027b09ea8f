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
      <TopBar signedIn={user.signedIn} canApply={user.canApply} onLogout={onLogout} />
      {/* tabIndex -1: the skip link's target must take focus for screen readers to follow it. */}
      {/* At least a screen tall (the large viewport, which does not change as a phone's address bar
          slides): the footer starts below the first screen, so a page whose content streams in or grows
          as it hydrates never moves it in view (issue 24: layout shift). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-lvh flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
