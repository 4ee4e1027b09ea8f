/**
 * What a log may keep of an error: its class, its machine code and, for a database error, the
 * constraint, table and column it names — never the parameters, the row excerpt (`detail`), the
 * query or a message that quotes input. A database message quotes values ("invalid input syntax
 * for type date: \"1990-13-02\""), so it is dropped; other messages are kept with quoted text,
 * digit runs and e-mail addresses masked. One formatter for every server log line.
 */
export interface SafeError {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  message?: string;
  /** Up to five stack frames (file and line: no data). */
  frames?: string[];
  cause?: SafeError;
}

/** A PostgreSQL error (pg and PGlite alike): a five-character SQLSTATE and the server's severity. */
function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === "string";
}

const MASKS: [RegExp, string][] = [
  [/"[^"]*"|'[^']*'|`[^`]*`|\([^()]*=[^()]*\)/g, "[…]"],
  [/[^\s@"']+@[^\s@"']+/g, "[email]"],
  // Three or more digits, with the separators SSNs, dates, phones and account numbers use.
  [/\d(?:[\d\s.,/-]*\d){2,}/g, "#"],
];

/** A message with anything that may be personal masked (quoted text, e-mail addresses, digit runs). */
export function scrubMessage(message: string): string {
  let out = message.slice(0, 500);
  for (const [pattern, mask] of MASKS) out = out.replace(pattern, mask);
  return out;
}

const word = (v: unknown) => (typeof v === "string" && /^[\w.$-]{1,100}$/.test(v) ? v : undefined);

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: error === null ? "null" : typeof error };
  const e = error as unknown as Record<string, unknown>;
  const out: SafeError = { type: word(error.name) ?? "Error" };
  if (isDatabaseError(e)) {
    out.type = "DatabaseError";
    out.code = e.code as string;
    for (const key of ["constraint", "table", "column"] as const) {
      const v = word(e[key]);
      if (v) out[key] = v;
    }
  } else {
    const code = word(e.code) ?? word(e.errorType);
    if (code) out.code = code;
    out.message = scrubMessage(error.message);
  }
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 5)
    .map((l) => scrubMessage(l.trim()));
  if (frames.length) out.frames = frames;
  if (error.cause !== undefined && depth < 2) out.cause = safeError(error.cause, depth + 1);
  return out;
}
