import { config } from "zod";

/**
 * zod as every form schema uses it, configured before any schema is built. jitless: zod 4 compiles
 * object parsers with `new Function` and, to know whether it may, probes `new Function("")` when
 * the first z.object is built; our policy (no 'unsafe-eval') blocks that probe and the browser
 * reports a CSP violation on every form page, without printing anything. The interpreted parser is
 * all a form needs. Form modules import this module before zod itself (lib/forms/fields does), so it
 * runs before any schema is built. It re-exports nothing: a re-exported namespace kept the whole of
 * zod in /bank's and /personal's first load (+59 KiB).
 */
config({ jitless: true });
