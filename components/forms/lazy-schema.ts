import { loadWithTimeout } from "@/lib/browser/chunk-load";

/**
 * A form's schema, loaded when the form is first used (focus enters it, a value changes, a submit
 * is tried) rather than with the page: zod and the schemas are ~40 KiB and one long task to
 * evaluate on a phone, and a page shows its form without them (issue 24). The import is the
 * bundler's, so forms built from the same schema module load it once. A failed load is reported as
 * a chunk load failure (the page's "failed to load" popup) and tried again at the next use.
 */
export interface SchemaSource<S> {
  /** The schema once it has loaded. */
  readonly loaded: S | undefined;
  load(): Promise<S>;
}

export function lazySchema<S>(importer: () => Promise<S>): SchemaSource<S> {
  let pending: Promise<S> | undefined;
  const source: { loaded: S | undefined; load(): Promise<S> } = {
    loaded: undefined,
    load() {
      pending ??= loadWithTimeout(importer).then(
        (schema) => (source.loaded = schema),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return source;
}

/** A schema already at hand, as a source (the form kit's tests). */
export function loadedSchema<S>(schema: S): SchemaSource<S> {
  return { loaded: schema, load: () => Promise.resolve(schema) };
}
