/**
 * A vendor's browser script, loaded once on demand by the widget that needs it: the page that uses
 * a widget loads it when the widget mounts or is asked for, no other page ever does (issue 24).
 */

const loads = new Map<string, Promise<void>>();

/** Appends `<script src>` once per URL and settles when it has run; a failed load can be retried. */
export function loadVendorScript(src: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        reject(new Error(`${src} failed to load`));
      };
      document.head.append(script);
    });
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}
