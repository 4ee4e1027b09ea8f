"use client";

import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { isApplyRoute } from "./apply-route";
import type { LogoutHandler } from "./chrome-user";
import { PhoneMenu } from "./phone-menu";
import { ProfileMenu } from "./profile-menu";
import type { SidebarItem } from "./sidebar-items";
import { SiteLogo } from "./site-logo";

export interface TopBarProps {
  signedIn: boolean;
  /** Signed in: the viewer can still apply (ChromeUser.canApply); "Check My Rate" only then. */
  canApply?: boolean;
  /** Defaults to signOut() (in the profile menu). */
  onLogout?: LogoutHandler;
  /** The sidebar's items, for the phone drawer (dashboard pages). */
  menuItems?: readonly SidebarItem[];
}

const LINKS = {
  signedIn: [
    { label: "Dashboard", href: "/dashboard" },
    { label: "FAQ", href: "/FAQ" },
  ],
  signedOut: [
    { label: "Login", href: "/login" },
    { label: "Sign Up", href: "/register" },
  ],
} as const;

const CALL_TO_ACTION = {
  signedIn: { label: "Check My Rate", href: "/apply" },
  signedOut: { label: "Get Started", href: "/register" },
} as const;

/**
 * The top bar of SPEC 2. The profile menu is shown to signed-in users only: its entries (profile,
 * logout, support) mean nothing to a visitor. "Check My Rate" only for someone who can still apply
 * (issue 49): not a borrower with a signed or funded loan, nor a refused or blocked applicant.
 */
export function TopBar({ signedIn, canApply = true, onLogout, menuItems = [] }: TopBarProps) {
  const pathname = usePathname() ?? "";
  const state = signedIn ? "signedIn" : "signedOut";
  const cta = CALL_TO_ACTION[state];

  return (
    <header className="border-b border-gray-200 bg-white">
      {/* One row on a phone (issue 14): signed in, the quick links move into the drawer. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 max-tablet:flex-nowrap max-tablet:gap-x-2 max-tablet:px-3">
        {signedIn && <PhoneMenu quickLinks={LINKS.signedIn} items={menuItems} onLogout={onLogout} />}
        <SiteLogo className="mr-auto" />
        <nav aria-label="Quick links" className={signedIn ? "max-tablet:hidden" : undefined}>
          <ul className="flex items-center gap-1">
            {LINKS[state].map((link) => (
              // Sign Up and Get Started both open /register: a phone keeps one of them.
              <li key={link.href} className={link.href === "/register" ? "max-tablet:hidden" : undefined}>
                <AppLink
                  href={link.href}
                  aria-current={pathname === link.href ? "page" : undefined}
                  className={classNames(
                    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-ink hover:bg-brand-light",
                    focusRing,
                  )}
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {!isApplyRoute(pathname) && (!signedIn || canApply) && (
          <ButtonLink href={cta.href} className="min-h-11 shrink-0 whitespace-nowrap max-tablet:px-3">
            {cta.label}
          </ButtonLink>
        )}
        {signedIn && <ProfileMenu onLogout={onLogout} />}
      </div>
    </header>
  );
}
