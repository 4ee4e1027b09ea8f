/**
 * Reloads the current page. One seam for every "try again" in the shell, so that tests can
 * observe the reload (jsdom's location.reload cannot be replaced) and so that a reload never
 * happens during a server render.
 */
export function reloadPage(): void {
  if (typeof window === "undefined") return;
  window.location.reload();
}
