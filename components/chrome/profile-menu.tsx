"use client";

import { AppLink } from "@/components/ui/app-link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { LogoutHandler } from "./chrome-user";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { signOut } from "./sign-out";

export interface ProfileMenuProps {
  /** Defaults to signOut(); tests pass their own. */
  onLogout?: LogoutHandler;
}

type Entry = { label: string; href: string } | { label: string; action: "logout" };

/** SPEC 2 order. */
const ENTRIES: readonly Entry[] = [
  { label: "My Profile", href: "/AccountSettings" },
  { label: "Logout", action: "logout" },
  { label: "Support", href: "/support" },
];

/**
 * The profile menu, following the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it
 * on the first item, ArrowUp on the last; arrows (wrapping), Home and End move; Escape closes and
 * returns focus to the button; Tab closes and moves on from the button; a click outside closes it.
 */
export function ProfileMenu({ onLogout = signOut }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const buttonId = useId();

  // Focus follows focusIndex only while open, after the items exist in the DOM.
  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAt(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(ENTRIES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = ENTRIES.length - 1;
    const moves: Record<string, number | undefined> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      // Back on the button before the browser's default Tab runs, so focus moves on from the
      // button's place instead of restarting at the top when the focused item unmounts.
      close(true);
    }
  };

  const itemClass = classNames("block w-full px-4 py-2 text-left text-sm text-ink hover:bg-brand-light focus:bg-brand-light", focusRing);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(true) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={classNames(
          "flex h-11 w-11 items-center justify-center rounded-full border border-brand text-brand hover:bg-brand-light",
          focusRing,
        )}
      >
        <StrokeIcon path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" size={22} strokeWidth={1.75} />
        <span className="sr-only">Profile menu</span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {ENTRIES.map((entry, index) => (
            <li key={entry.label} role="none">
              {"href" in entry ? (
                <AppLink
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  href={entry.href}
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => close(false)}
                  className={itemClass}
                >
                  {entry.label}
                </AppLink>
              ) : (
                <button
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(false);
                    void onLogout();
                  }}
                  className={itemClass}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
