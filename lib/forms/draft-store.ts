/**
 * A form's draft kept in the browser's session storage, so a reload (or a tab restored) keeps what
 * was typed into a long form until it is submitted. Per tab, gone when the tab closes; keyed by
 * form and user, so someone else signing in on the same tab never sees it. Secrets (the SSN) are
 * never written: the form names the fields to leave out.
 */

const PREFIX = "form-draft:";

/** The part of the Storage API a draft needs (window.sessionStorage, or a test's map). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface DraftStore {
  load(key: string): Record<string, unknown> | null;
  save(key: string, values: Record<string, unknown>, omit: readonly string[]): void;
  clear(key: string): void;
}

/** A store over `storage`; every storage failure (disabled, full, private mode) is a no-op: a draft is a convenience. */
export function draftStore(storage: DraftStorage | null | undefined): DraftStore {
  const attempt = <T>(fn: () => T, fallback: T): T => {
    if (!storage) return fallback;
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  return {
    load: (key) =>
      attempt(() => {
        const raw = storage!.getItem(PREFIX + key);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      }, null),
    save: (key, values, omit) =>
      attempt(() => {
        const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !omit.includes(name)));
        storage!.setItem(PREFIX + key, JSON.stringify(kept));
      }, undefined),
    clear: (key) => attempt(() => storage!.removeItem(PREFIX + key), undefined),
  };
}

/**
 * Forgets every form's draft in this tab: at sign-out, here and in the tabs told of it, so what was
 * typed (a name, an address, a birth date) does not outlive the session on a shared device.
 */
export function clearAllDrafts(storage: Pick<Storage, "length" | "key" | "removeItem"> | null = attemptSessionStorage()): void {
  if (!storage) return;
  try {
    const doomed: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/** The browser's session storage, when there is one and it may be used. */
export function sessionDraftStore(): DraftStore {
  return draftStore(attemptSessionStorage());
}

function attemptSessionStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // access itself throws when storage is blocked
  }
}

const kindOf = (v: unknown) => (v === null ? "null" : typeof v);

/**
 * The form's values with the draft laid over them, or null when the draft adds nothing. Only the
 * form's own fields are taken, each only when its kind matches the form's (a string field takes a
 * string, a number field a number or null…), and never an omitted one: a stale or tampered draft
 * cannot put a value of the wrong kind into a form.
 */
export function restoreDraft<T extends Record<string, unknown>>(
  initial: T,
  draft: Record<string, unknown> | null,
  omit: readonly string[],
): T | null {
  if (!draft) return null;
  const out: Record<string, unknown> = { ...initial };
  let changed = false;
  for (const [name, value] of Object.entries(draft)) {
    if (!Object.hasOwn(initial, name) || omit.includes(name)) continue;
    const want = kindOf(initial[name]);
    const got = kindOf(value);
    // A field empty at first (null) may take a string, number or boolean; otherwise kinds must match or the draft be empty.
    const fits = want === "null" ? ["string", "number", "boolean", "null"].includes(got) : got === want || got === "null";
    if (!fits || Object.is(value, initial[name])) continue;
    out[name] = value;
    changed = true;
  }
  return changed ? (out as T) : null;
}
