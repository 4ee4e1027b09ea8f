/**
 * Test helper: a controllable window.matchMedia for jsdom, which has none. Understands
 * "(min-width: Npx)" and "(max-width: Npx)" against a settable viewport width.
 */
export interface MatchMediaMock {
  setWidth(width: number): void;
  restore(): void;
}

export function mockMatchMedia(initialWidth: number): MatchMediaMock {
  let width = initialWidth;
  const lists = new Set<{ query: string; matches: boolean; listeners: Set<(e: MediaQueryListEvent) => void> }>();
  const evaluate = (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const entry = { query, matches: evaluate(query), listeners: new Set<(e: MediaQueryListEvent) => void>() };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => entry.listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => entry.listeners.delete(fn),
      addListener: (fn: (e: MediaQueryListEvent) => void) => entry.listeners.add(fn),
      removeListener: (fn: (e: MediaQueryListEvent) => void) => entry.listeners.delete(fn),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;

  return {
    setWidth(next) {
      width = next;
      for (const entry of lists) {
        const matches = evaluate(entry.query);
        if (matches !== entry.matches) {
          entry.matches = matches;
          for (const fn of entry.listeners) fn({ matches, media: entry.query } as MediaQueryListEvent);
        }
      }
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
