import { z } from "zod";

/**
 * zod as every form schema uses it, configured before any schema is built. jitless: zod 4 compiles
 * object parsers with `new Function` and, to know whether it may, probes `new Function("")` when
 * the first z.object is built; our policy (no 'unsafe-eval') blocks that probe and the browser
 * reports a CSP violation on every form page, without printing anything. The interpreted parser is
 * all a form needs. Schemas import z from here (lib/forms/fields does), so this runs first.
 */
z.config({ jitless: true });

export { z };
