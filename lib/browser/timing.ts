/**
 * The shell's client-side timings (SPEC 9), as data in one place. Every overlay, popup,
 * notification and watchdog reads its delay from here; tests drive them with fake clocks.
 */
export const NOTIFICATION_TIMEOUT_MS = 5000;
/** Fade in and out of overlays and popups (none when the visitor prefers reduced motion). */
export const OVERLAY_TRANSITION_MS = 200;
/** The loading overlay offers a manual reload after this long open. */
export const LOADING_HINT_MS = 15_000;
/** The processing overlay offers a manual reload after this long open. */
export const PROCESSING_HINT_MS = 8000;
/** After a service-worker update or controller change, the page reloads after this delay. */
export const SW_UPDATE_RELOAD_MS = 1000;
/** A code chunk still loading after this long counts as a load failure. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Start-up chores that need not run with the first render wait for an idle main thread, at most this long. */
export const IDLE_START_TIMEOUT_MS = 2000;
