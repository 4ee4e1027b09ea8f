import { CHUNK_LOAD_TIMEOUT_MS } from "./timing";

/**
 * Code-chunk load failures (SPEC 8: a chunk that takes longer than 120 s to load is a load error).
 * Three sources feed one signal, the window event CHUNK_LOAD_FAILED_EVENT, which the app shell turns
 * into "This page failed to load" with a retry:
 *  - a <script>/<link> from /_next/static that fails (window 'error' in the capture phase),
 *  - a /_next/static script still loading after CHUNK_LOAD_TIMEOUT_MS (watchChunkScripts),
 *  - a dynamic import wrapped in loadWithTimeout that rejects or times out.
 * Error boundaries recognise the resulting errors with isChunkLoadError.
 */

export const CHUNK_LOAD_FAILED_EVENT = "app:chunk-load-failed";
export const CHUNK_PATH = "/_next/static/";

export interface ChunkLoadFailure {
  /** What failed: the chunk URL, or the error message of a failed import. */
  source: string;
  reason: "error" | "timeout";
}

/** Thrown by loadWithTimeout when the import does not settle in time. Named like webpack's error. */
export class ChunkLoadTimeoutError extends Error {
  override name = "ChunkLoadError";
  constructor(readonly timeoutMs: number) {
    super(`Loading chunk timed out after ${timeoutMs} ms`);
  }
}

const CHUNK_MESSAGES = [
  /loading (css )?chunk [^\s]+ failed/i,
  /failed to load chunk/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading chunk .* timed out/i,
];

/** True for the errors bundlers and browsers raise when a code chunk cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_MESSAGES.some((re) => re.test(message));
}

/** The chunk URL when `target` is a script or stylesheet served from /_next/static, else undefined. */
export function chunkUrlOf(target: EventTarget | null): string | undefined {
  if (typeof HTMLScriptElement !== "undefined" && target instanceof HTMLScriptElement && target.src) {
    return target.src.includes(CHUNK_PATH) ? target.src : undefined;
  }
  if (typeof HTMLLinkElement !== "undefined" && target instanceof HTMLLinkElement && target.rel === "stylesheet") {
    return target.href.includes(CHUNK_PATH) ? target.href : undefined;
  }
  return undefined;
}

export function reportChunkLoadFailure(failure: ChunkLoadFailure): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<ChunkLoadFailure>(CHUNK_LOAD_FAILED_EVENT, { detail: failure }));
}

/** Calls `listener` for every chunk load failure reported on this page. Returns the cleanup. */
export function onChunkLoadFailure(listener: (failure: ChunkLoadFailure) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ChunkLoadFailure>).detail);
  window.addEventListener(CHUNK_LOAD_FAILED_EVENT, handler);
  return () => window.removeEventListener(CHUNK_LOAD_FAILED_EVENT, handler);
}

/**
 * For next/dynamic loaders: `dynamic(() => loadWithTimeout(() => import("./heavy")))`. Rejects with a
 * ChunkLoadTimeoutError when the import has not settled after `ms`, and reports either failure so
 * that the shell shows the retry.
 */
export function loadWithTimeout<T>(importer: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      const error = new ChunkLoadTimeoutError(ms);
      reportChunkLoadFailure({ source: error.message, reason: "timeout" });
      reject(error);
    }, ms);
    importer().then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (isChunkLoadError(error)) {
          reportChunkLoadFailure({ source: error instanceof Error ? error.message : String(error), reason: "error" });
        }
        reject(error);
      },
    );
  });
}

/**
 * Watches the page for chunk loads: a /_next/static script or stylesheet that fails, and a
 * /_next/static script added to the document that has neither loaded nor failed after `timeoutMs`,
 * are reported as chunk load failures. Returns the cleanup.
 */
export function watchChunkLoads(timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS, root: Document = document): () => void {
  const pending = new Map<HTMLScriptElement, ReturnType<typeof setTimeout>>();
  const settle = (script: HTMLScriptElement) => {
    const timer = pending.get(script);
    if (timer === undefined) return;
    clearTimeout(timer);
    pending.delete(script);
    script.removeEventListener("load", onSettled);
    script.removeEventListener("error", onSettled);
  };
  function onSettled(this: HTMLScriptElement) {
    settle(this);
  }
  const watch = (script: HTMLScriptElement) => {
    const url = chunkUrlOf(script);
    if (!url || pending.has(script)) return;
    script.addEventListener("load", onSettled);
    script.addEventListener("error", onSettled);
    pending.set(
      script,
      setTimeout(() => {
        settle(script);
        reportChunkLoadFailure({ source: url, reason: "timeout" });
      }, timeoutMs),
    );
  };

  const onError = (event: Event) => {
    const url = chunkUrlOf(event.target);
    if (url) reportChunkLoadFailure({ source: url, reason: "error" });
  };
  root.defaultView?.addEventListener("error", onError, true);

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node instanceof HTMLScriptElement) watch(node);
      }
    }
  });
  observer.observe(root.documentElement, { childList: true, subtree: true });

  return () => {
    observer.disconnect();
    root.defaultView?.removeEventListener("error", onError, true);
    for (const script of Array.from(pending.keys())) settle(script);
  };
}
