"use client";

/**
 * Why a field's blur may wait: the error it shows pushes everything below the field down. When the
 * blur comes from pressing a button below it (Continue), the button moves between press and
 * release, the release lands elsewhere and the browser sends no click: the submit is lost and only
 * the left field's error shows — errors "in rounds" (issue 26: type and clear the street address,
 * press Continue once). So an error from a blur shows only once the press that caused it is over
 * and its click handled; a blur by keyboard (Tab) shows it at once.
 */

let pressed = false;
const waiting: (() => void)[] = [];

function flush() {
  for (const run of waiting.splice(0)) run();
}

function release() {
  if (!pressed) return;
  pressed = false;
  // The click follows pointerup in the same task; a timer runs after it.
  setTimeout(flush, 0);
}

if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (pressed = true), true);
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
}

/** True when focus moves to something a click acts on (a touch tap focuses it after pointerup). */
export function isPressable(target: EventTarget | null | undefined): boolean {
  const el = target as Element | null | undefined;
  return Boolean(el && typeof el.closest === "function" && el.closest("button, a[href], [role=button], input[type=submit]"));
}

/**
 * Runs `fn` now, or after the press under way is released and its click handled; `toPressable`
 * (focus went to a button or link) waits for that click even when no press is tracked.
 */
export function afterPress(fn: () => void, toPressable = false): void {
  if (pressed) waiting.push(fn);
  else if (toPressable) setTimeout(fn, 0);
  else fn();
}
