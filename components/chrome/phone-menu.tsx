"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useModalFocus } from "@/components/overlays/use-modal-focus";
import { classNames } from "@/components/ui/class-names";
import { focusRing, focusRingOnDark } from "@/components/ui/focus-ring";
import { CLOSE_ICON_PATH, MENU_ICON_PATH, StrokeIcon } from "@/components/ui/stroke-icon";
import { useMediaQuery } from "@/components/ui/use-media-query";
import type { LogoutHandler } from "./chrome-user";
import { LogoutButton, NavLinks, type NavLink } from "./nav-list";
import type { SidebarItem } from "./sidebar-items";
import { signOut } from "./sign-out";

/** Issue 14: at this width and below the sidebar is a drawer behind the top bar's menu button. */
export const PHONE_QUERY = "(max-width: 640px)";

export interface PhoneMenuProps {
  /** The top bar's quick links (Dashboard, FAQ), which move into the drawer on a phone. */
  quickLinks: ReadonlyArray<{ label: string; href: string }>;
  /** The sidebar's items (dashboard pages); none on public pages. */
  items: readonly SidebarItem[];
  onLogout?: LogoutHandler;
}

/**
 * The phone's navigation: a "Menu" button (shown at 640 px and below only) that opens a modal
 * drawer with the quick links, the sidebar's items and Logout. Focus moves into the drawer and
 * stays there (Tab cycles), the page behind is inert; Escape, the close button, the backdrop or a
 * link close it and focus returns to the button. Leaving the phone width closes it too.
 */
export function PhoneMenu({ quickLinks, items, onLogout = signOut }: PhoneMenuProps) {
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const drawerId = useId();
  const titleId = useId();
  const pathname = usePathname() ?? "";
  const phone = useMediaQuery(PHONE_QUERY);
  const shown = open && phone !== false;
  useModalFocus(drawerRef, shown);

  // A navigation (in-app link) or a wider viewport ends the drawer.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (open && openedOn !== pathname) {
    setOpen(false);
    setOpenedOn(pathname);
  }
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shown]);

  // Quick links the sidebar already has keep the sidebar's place and icon.
  const links: NavLink[] = [...quickLinks.filter((q) => !items.some((i) => i.href === q.href)), ...items];

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={drawerId}
        onClick={() => {
          setOpenedOn(pathname);
          setOpen(true);
        }}
        className={classNames(
          "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-ink hover:bg-brand-light tablet:hidden",
          focusRing,
        )}
      >
        <span className="sr-only">Menu</span>
        <StrokeIcon path={MENU_ICON_PATH} />
      </button>
      {shown && (
        // The focus trap holds the backdrop too: were it outside, it would turn inert and take no clicks.
        <div ref={drawerRef} tabIndex={-1} className="fixed inset-0 z-50 focus:outline-none tablet:hidden">
          <div
            aria-hidden="true"
            data-testid="phone-menu-backdrop"
            className="absolute inset-0 bg-black/40"
            onClick={() => setOpen(false)}
          />
          <div
            id={drawerId}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-brand-dark text-white shadow-xl"
          >
            <div className="flex items-center justify-between px-4 py-2">
              <h2 id={titleId} className="text-base font-semibold">
                Menu
              </h2>
              <button
                type="button"
                data-autofocus
                onClick={() => setOpen(false)}
                className={classNames("inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-white/10", focusRingOnDark)}
              >
                <span className="sr-only">Close menu</span>
                <StrokeIcon path={CLOSE_ICON_PATH} />
              </button>
            </div>
            <nav aria-label="Main">
              <NavLinks links={links} pathname={pathname} onNavigate={() => setOpen(false)} />
            </nav>
            <LogoutButton onLogout={onLogout} />
          </div>
        </div>
      )}
    </>
  );
}
