import { redact, scrubText } from "./redact";

/**
 * The middleware's log line: the edge runtime has no pino, so the same JSON shape is written with
 * console.log (one line, redacted like the Node logger's).
 */
export type Level = "debug" | "info" | "warn" | "error";

export function edgeLogLine(level: Level, msg: string, fields: Record<string, unknown>, now: Date = new Date()): string {
  return JSON.stringify({ level, time: now.toISOString(), service: "lending-shell", msg: scrubText(msg), ...(redact(fields) as object) });
}

export function edgeLog(level: Level, msg: string, fields: Record<string, unknown>): void {
  const line = edgeLogLine(level, msg, fields);
  if (level === "error") console.error(line);
  else console.log(line);
}
