/**
 * JSON request bodies (the stand-ins', server actions' arguments), parsed with a nesting limit checked before anything walks
 * the value: JSON.parse itself does not recurse, but everything after it does (invalid-text scans,
 * zod, GraphQL's variable coercion, React's reply decoder), and a body nested 10,000 deep once overflowed the stack there
 * (a 500). No stand-in's real input nests more than a few levels.
 */
export const MAX_JSON_DEPTH = 32;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; reason: "malformed" | "too-deep" };

/** The deepest nesting of arrays and objects in JSON text, stopping once past `limit`: one pass, no recursion. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  if (jsonDepthExceeds(text, maxDepth)) return { ok: false, reason: "too-deep" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}
