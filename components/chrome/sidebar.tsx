"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { LogoutHandler } from "./chrome-user";
import { classNames } from "@/components/ui/class-names";
import { focusRingOnDark } from "@/components/ui/focus-ring";
import { MENU_ICON_PATH, StrokeIcon } from "@/components/ui/stroke-icon";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { isApplyRoute } from "./apply-route";
import { LogoutButton, NavLinks } from "./nav-list";
import type { SidebarItem } from "./sidebar-items";
import { signOut } from "./sign-out";

/** SPEC 9: the sidebar breakpoint and its hover-leave animation. */
export const SIDEBAR_WIDE_QUERY = "(min-width: 1200px)";
export const SIDEBAR_COLLAPSE_DELAY_MS = 300;

/** SPEC 2: minimised on any route containing "apply" and on viewports narrower than 1200 px. */
export function isAutoMinimised(pathname: string, wideViewport: boolean): boolean {
  return isApplyRoute(pathname) || !wideViewport;
}

/** "auto" while CSS decides by the viewport's width (before the first client render knows it). */
type SidebarState = "auto" | "expanded" | "minimised";

function sidebarState(cssDecides: boolean, expanded: boolean): SidebarState {
  if (cssDecides) return "auto";
  return expanded ? "expanded" : "minimised";
}

// Minimised: the label leaves the layout but stays the accessible name.
const STATE_CLASSES: Record<SidebarState, { width: string; label: string }> = {
  auto: { width: "w-16 sidebar:w-64", label: "sr-only sidebar:not-sr-only sidebar:truncate" },
  expanded: { width: "w-64", label: "truncate" },
  minimised: { width: "w-16", label: "sr-only" },
};

export interface SidebarProps {
  /** From sidebarItems(): visibility is decided outside, so this component only lays out. */
  items: readonly SidebarItem[];
  /** Defaults to signOut(); tests pass their own. */
  onLogout?: LogoutHandler;
}

export function Sidebar({ items, onLogout = signOut }: SidebarProps) {
  const pathname = usePathname() ?? "";
  const wide = useMediaQuery(SIDEBAR_WIDE_QUERY);
  // An unknown viewport (server render, hydration) counts as wide here; the classes below leave
  // the breakpoint to CSS in that case, so a wide screen never jumps from minimised at hydration.
  const autoMinimised = isAutoMinimised(pathname, wide ?? true);

  // The toggle's choice holds until the automatic state changes (apply route or breakpoint
  // crossed), then the rule applies again. Reset during render, React's pattern for derived state.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [choiceAuto, setChoiceAuto] = useState(autoMinimised);
  if (choiceAuto !== autoMinimised) {
    setChoiceAuto(autoMinimised);
    setChoice(null);
  }
  const chosen = choiceAuto === autoMinimised ? choice : null;
  const baseExpanded = chosen ?? !autoMinimised;

  const [hovered, setHovered] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clearLeaveTimer = () => {
    clearTimeout(leaveTimer.current);
    leaveTimer.current = undefined;
  };
  useEffect(() => clearLeaveTimer, []);

  const expanded = baseExpanded || hovered;
  const cssDecides = wide === undefined && !autoMinimised && chosen === null && !hovered;
  const listId = useId();

  const state = sidebarState(cssDecides, expanded);
  const navWidth = STATE_CLASSES[state].width;
  const placeholderWidth = STATE_CLASSES[sidebarState(cssDecides, Boolean(baseExpanded && wide))].width;
  const labelClass = STATE_CLASSES[state].label;

  return (
    // The placeholder keeps the page's layout; the nav may grow over the content on hover.
    <div className={classNames("relative shrink-0 transition-[width] duration-300", placeholderWidth)}>
      <nav
        aria-label="Main"
        data-state={state}
        onMouseEnter={() => {
          clearLeaveTimer();
          if (!baseExpanded) setHovered(true);
        }}
        onMouseLeave={() => {
          clearLeaveTimer();
          leaveTimer.current = setTimeout(() => setHovered(false), SIDEBAR_COLLAPSE_DELAY_MS);
        }}
        className={classNames(
          "sticky top-0 z-30 flex h-dvh flex-col overflow-x-hidden overflow-y-auto bg-brand-dark text-white transition-[width] duration-300",
          navWidth,
          expanded && !baseExpanded && "shadow-xl",
        )}
      >
        <button
          type="button"
          aria-label="Sidebar"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => {
            clearLeaveTimer();
            setHovered(false);
            setChoice(!expanded);
          }}
          className={classNames("m-2 flex h-12 w-12 shrink-0 items-center justify-center rounded-md hover:bg-white/10", focusRingOnDark)}
        >
          <StrokeIcon path={expanded ? "M15 6l-6 6 6 6" : MENU_ICON_PATH} />
        </button>

        <NavLinks id={listId} links={items} pathname={pathname} labelClass={labelClass} />
        <LogoutButton onLogout={onLogout} labelClass={labelClass} />
      </nav>
    </div>
  );
}
