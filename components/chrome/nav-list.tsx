import { AppLink } from "@/components/ui/app-link";
import { classNames } from "@/components/ui/class-names";
import { focusRingOnDark } from "@/components/ui/focus-ring";
import { LogoutIcon, SidebarIcon } from "./sidebar-icon";
import type { SidebarIconName } from "./sidebar-items";

/** The chrome's link list and Logout button: the sidebar and the phone drawer show the same ones. */

const ROW = "flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10";

/** Whole-segment prefix match, so /dashboard is not current on /dashboard-sign. */
export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export interface NavLink {
  label: string;
  href: string;
  icon?: SidebarIconName;
}

export function NavLinks({
  id,
  links,
  pathname,
  labelClass,
  onNavigate,
}: {
  id?: string;
  links: readonly NavLink[];
  pathname: string;
  labelClass?: string;
  onNavigate?: () => void;
}) {
  return (
    <ul id={id} className="flex flex-col gap-1 px-2">
      {links.map((link) => {
        const current = isCurrent(pathname, link.href);
        return (
          <li key={link.href}>
            <AppLink
              href={link.href}
              aria-current={current ? "page" : undefined}
              onClick={onNavigate}
              className={classNames(ROW, current && "bg-white/15", focusRingOnDark)}
            >
              {/* A quick link without a sidebar icon keeps the column aligned. */}
              {link.icon ? <SidebarIcon name={link.icon} /> : <span aria-hidden="true" className="inline-block w-6" />}
              <span className={labelClass}>{link.label}</span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

export function LogoutButton({ onLogout, labelClass }: { onLogout: () => unknown; labelClass?: string }) {
  return (
    <div className="mt-auto px-2 py-4">
      <button type="button" onClick={() => void onLogout()} className={classNames(ROW, "w-full", focusRingOnDark)}>
        <LogoutIcon />
        <span className={labelClass}>Logout</span>
      </button>
    </div>
  );
}
