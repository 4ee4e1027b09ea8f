import { SW_UPDATE_RELOAD_MS } from "./timing";

/**
 * Offline workers (SPEC 9): the shell runs without service workers, so every registration left
 * by an earlier release is removed at start; and if a worker update still takes control of the
 * page, the page reloads after SW_UPDATE_RELOAD_MS so that it runs the current code.
 */

type Container = Pick<ServiceWorkerContainer, "getRegistrations" | "addEventListener" | "removeEventListener">;

function containerOf(nav: Navigator | undefined): Container | undefined {
  return nav && "serviceWorker" in nav ? nav.serviceWorker : undefined;
}

/** Unregisters every service worker of this origin; resolves to how many were removed. Never rejects. */
export async function unregisterServiceWorkers(container: Container | undefined = containerOf(globalThis.navigator)): Promise<number> {
  if (!container) return 0;
  try {
    const registrations = await container.getRegistrations();
    const results = await Promise.allSettled(registrations.map((r) => r.unregister()));
    return results.filter((r) => r.status === "fulfilled" && r.value).length;
  } catch {
    return 0;
  }
}

/**
 * Reloads the page SW_UPDATE_RELOAD_MS after a service worker takes control (controllerchange) or a
 * registration finds an update (updatefound). Returns the cleanup. At most one reload is scheduled.
 */
export function reloadOnServiceWorkerUpdate(
  reload: () => void,
  container: Container | undefined = containerOf(globalThis.navigator),
  delayMs: number = SW_UPDATE_RELOAD_MS,
): () => void {
  if (!container) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const schedule = () => {
    if (timer !== undefined || disposed) return;
    timer = setTimeout(reload, delayMs);
  };
  const watched: ServiceWorkerRegistration[] = [];
  container.addEventListener("controllerchange", schedule);
  container
    .getRegistrations()
    .then((registrations) => {
      if (disposed) return;
      for (const registration of registrations) {
        registration.addEventListener("updatefound", schedule);
        watched.push(registration);
      }
    })
    .catch(() => {});
  return () => {
    disposed = true;
    container.removeEventListener("controllerchange", schedule);
    for (const registration of watched) registration.removeEventListener("updatefound", schedule);
    if (timer !== undefined) clearTimeout(timer);
  };
}
