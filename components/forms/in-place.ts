"use client";

import { type RefObject, useEffect, useRef } from "react";

/** Where focus goes in a part that opened: its first field, else its first control or heading. */
const FIRST_FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";
const FIRST_CONTROL = "button:not([disabled]), a[href], h1[tabindex], h2[tabindex], h3[tabindex]";

function firstStop(region: HTMLElement): HTMLElement | null {
  return region.querySelector<HTMLElement>(FIRST_FIELD) ?? region.querySelector<HTMLElement>(FIRST_CONTROL);
}

/**
 * Focus for a part of a page that opens in place of the button that opened it (an edit form, the
 * employer search; issue 50, WCAG 2.4.3 focus order): when it opens, focus moves to its first field
 * (waiting for it when the part's code is still loading); when it closes — Cancel, Escape, a save —
 * focus returns to the opener, which is back in the page by then. Without this the pressed button
 * disappears and focus drops to the page's body, where a screen reader says nothing.
 *
 * Put `opener` on the button that opens the part and `region` on the part's container. `onEscape`,
 * when given, closes the part on Escape pressed inside it.
 */
export function useInPlaceFocus<Opener extends HTMLElement = HTMLButtonElement, Region extends HTMLElement = HTMLElement>(
  open: boolean,
  onEscape?: () => void,
): { opener: RefObject<Opener | null>; region: RefObject<Region | null> } {
  const opener = useRef<Opener | null>(null);
  const region = useRef<Region | null>(null);
  const was = useRef(open);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    if (was.current === open) return;
    was.current = open;
    if (!open) {
      opener.current?.focus();
      return;
    }
    const container = region.current;
    if (!container) return;
    const now = firstStop(container);
    if (now) {
      now.focus();
      return;
    }
    // The part's code is still loading (next/dynamic): focus its first field once it is drawn.
    const observer = new MutationObserver(() => {
      const later = firstStop(container);
      if (!later) return;
      observer.disconnect();
      if (!container.contains(document.activeElement) || document.activeElement === container) later.focus();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open]);

  useEffect(() => {
    const container = region.current;
    if (!open || !container) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !escape.current || event.defaultPrevented) return;
      event.preventDefault();
      escape.current();
    };
    container.addEventListener("keydown", onKeyDown);
    return () => container.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return { opener, region };
}
