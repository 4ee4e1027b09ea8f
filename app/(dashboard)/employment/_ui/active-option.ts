/**
 * Which option of the employer combobox is active, kept by option key rather than by position.
 * Answers to earlier keystrokes keep arriving after a person starts moving through the list (a
 * cold server, a slow network); keyed, a new answer that still holds the active employer keeps it
 * active, and one that does not clears it, so Enter never chooses an option the person did not see
 * highlighted. Typing clears it (a new query is a new list).
 */

export type ActiveKey = string | null;

/** The key a new list leaves active: the same option if it is still there, else none. */
export function keepActive(keys: readonly string[], active: ActiveKey): ActiveKey {
  return active !== null && keys.includes(active) ? active : null;
}

/** ArrowDown / ArrowUp from the active option, wrapping at both ends; from none, the first / last. */
export function moveActive(keys: readonly string[], active: ActiveKey, direction: "down" | "up"): ActiveKey {
  if (keys.length === 0) return null;
  const at = active === null ? -1 : keys.indexOf(active);
  if (direction === "down") return keys[at < 0 ? 0 : (at + 1) % keys.length]!;
  return keys[at <= 0 ? keys.length - 1 : at - 1]!;
}
