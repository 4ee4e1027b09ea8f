import type { ReactNode } from "react";
import type { ChromeUser, LogoutHandler } from "./chrome-user";
import { Footer } from "./footer";
import { Sidebar } from "./sidebar";
import { sidebarItems } from "./sidebar-items";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

export interface DashboardChromeProps {
  user: ChromeUser;
  /** PublicConfig.companyEmailDomains. */
  companyEmailDomains: readonly string[];
  /** Omitted from server layouts: the Logout controls then call signOut() themselves. */
  onLogout?: LogoutHandler;
  children: ReactNode;
}

/**
 * What the dashboard layout renders: the public chrome plus the sidebar. The item list is decided
 * here, where this renders (on the server from a layout), so only plain data crosses to the client.
 */
export function DashboardChrome({ user, companyEmailDomains, onLogout, children }: DashboardChromeProps) {
  const items = sidebarItems({ adminPortalUser: user.adminPortalUser, email: user.email, companyEmailDomains });
  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      {/* On a phone the sidebar is the top bar's drawer instead (components/chrome/phone-menu). */}
      <div className="contents max-tablet:hidden">
        <Sidebar items={items} onLogout={onLogout} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar signedIn={user.signedIn} canApply={user.canApply} onLogout={onLogout} menuItems={items} />
        {/* At least a screen tall (the large viewport, which does not change as a phone's address bar
            slides): the footer starts below the first screen, so a page whose content streams in or grows
            as it hydrates never moves it in view (issue 24: layout shift). */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-lvh flex-1 focus:outline-none">
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}
