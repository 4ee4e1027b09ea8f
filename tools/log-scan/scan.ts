/**
 * Finds personal values in a server's output: each value the tests typed or received, searched in
 * every line once its generated identifiers are set aside (a six-digit code can occur by chance
 * inside a random UUID). Used after the e2e suite (e2e/log-scan.teardown.ts).
 */
export interface Secret {
  kind: string;
  value: string;
}

const ID_FIELDS = ["requestId", "time", "digest", "sub", "traceId", "spanId"];

/** A log line without its generated identifiers (JSON lines), or as written (anything else). */
export function scannable(line: string): string {
  try {
    const record = JSON.parse(line) as unknown;
    if (!record || typeof record !== "object" || Array.isArray(record)) return line;
    const copy = { ...(record as Record<string, unknown>) };
    for (const field of ID_FIELDS) delete copy[field];
    return JSON.stringify(copy);
  } catch {
    return line;
  }
}

/** "file:line: a <kind> …" for each value found, once per value and file. */
export function findLeaks(files: { name: string; text: string }[], secrets: Secret[]): string[] {
  const leaks = new Set<string>();
  for (const { name, text } of files) {
    const lines = text.split("\n").map(scannable);
    for (const { kind, value } of secrets) {
      const at = lines.findIndex((line) => line.includes(value) || line.includes(JSON.stringify(value).slice(1, -1)));
      if (at >= 0) leaks.add(`${name}:${at + 1}: a ${kind} the tests typed`);
    }
  }
  return [...leaks];
}
