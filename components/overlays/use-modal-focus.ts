"use client";

import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The keyboard-focusable elements inside a container, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getAttribute("aria-hidden") !== "true",
  );
}

/**
 * Makes everything outside `node` inert (not focusable, hidden from assistive tech) by marking the
 * siblings of `node` and of each of its ancestors up to <body>. Returns the undo, which only clears
 * what it set, so nested or overlapping modals compose.
 */
export function isolateOutside(node: HTMLElement): () => void {
  const touched: Element[] = [];
  let current: HTMLElement | null = node;
  while (current && current !== document.body && current.parentElement) {
    for (const sibling of Array.from(current.parentElement.children)) {
      if (sibling === current || sibling.hasAttribute("inert")) continue;
      if (sibling.tagName === "SCRIPT" || sibling.tagName === "STYLE" || sibling.tagName === "LINK") continue;
      sibling.setAttribute("inert", "");
      touched.push(sibling);
    }
    current = current.parentElement;
  }
  return () => {
    for (const el of touched) el.removeAttribute("inert");
  };
}

/**
 * Focus handling for a modal: on activation, focus moves into the container (its
 * `[data-autofocus]` element, else the container itself) and the rest of the page turns inert;
 * Tab and Shift+Tab cycle within the container; on deactivation, focus returns to where it was.
 * A modal open from its first render (a server-rendered overlay, a popup shown on arrival) is
 * activated in the task after that render: making the page inert and moving focus recalculate the
 * whole page's style, which would otherwise lengthen the task that hydrates it (issue 24: blocking
 * time). Until then the overlay already covers the page, as it did before hydration.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, active: boolean): void {
  const rendered = useRef(false);
  useEffect(() => {
    const first = !rendered.current;
    rendered.current = true;
    const container = ref.current;
    if (!active || !container) return;
    let deactivate: (() => void) | undefined;
    if (!first) {
      deactivate = activate(container);
      return deactivate;
    }
    const timer = setTimeout(() => {
      deactivate = activate(container);
    }, 0);
    return () => {
      clearTimeout(timer);
      deactivate?.();
    };
  }, [ref, active]);
}

function activate(container: HTMLElement): () => void {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const restoreOutside = isolateOutside(container);
  const initial = container.querySelector<HTMLElement>("[data-autofocus]") ?? container;
  initial.focus({ preventScroll: true });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const items = focusableIn(container);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      container.focus({ preventScroll: true });
      return;
    }
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === container || !container.contains(at))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (at === last || !container.contains(at))) {
      event.preventDefault();
      first.focus();
    }
  };
  // Focus that escapes anyway (a click on the browser chrome, a script) is brought back.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !container.contains(event.target)) container.focus({ preventScroll: true });
  };
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("focusin", onFocusIn);
    restoreOutside();
    if (previous && previous.isConnected) previous.focus({ preventScroll: true });
  };
}
