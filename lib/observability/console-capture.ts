import "server-only";
import { format } from "node:util";
import type { Logger } from "pino";
import { logger } from "./logger";
import { unhandledRejectionsLogged } from "./process-errors";
import { scopedRequestId } from "./request-store";

const LEVELS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;
type Method = keyof typeof LEVELS;

type EdgeLine = { level: (typeof LEVELS)[Method]; msg: string } & Record<string, unknown>;

function edgeLine(arg: unknown): EdgeLine | null {
  if (typeof arg !== "string" || !arg.startsWith('{"level":')) return null;
  try {
    const line = JSON.parse(arg) as Record<string, unknown>;
    const known = Object.values(LEVELS) as unknown[];
    return line.service === "lending-shell" && known.includes(line.level) && typeof line.msg === "string" ? (line as EdgeLine) : null;
  } catch {
    return null;
  }
}

/**
 * What Next itself and libraries print with console.* (Next's "Failed to find Server Action", a
 * library's deprecation warning) becomes a line of the one logger, like everything the shell says:
 * JSON with the request id when there is one, the message scrubbed and an error as its fields, so
 * no plain-text line (which could carry a value a person typed) reaches the log collector.
 * Returns a function that puts the console back.
 */
export function captureConsole(target: Pick<Console, Method> = console, log: () => Logger = logger): () => void {
  const originals = Object.fromEntries((Object.keys(LEVELS) as Method[]).map((m) => [m, target[m]])) as Pick<Console, Method>;
  let writing = false;
  for (const method of Object.keys(LEVELS) as Method[]) {
    target[method] = (...args: unknown[]) => {
      // Something inside the logger printing to the console would otherwise come back here.
      if (writing) return originals[method].apply(target, args);
      writing = true;
      try {
        // A line lib/observability/edge-log.ts wrote (code shared with the edge runtime, which has no
        // logger) is already JSON: its fields become the line's own, not a string inside `msg`.
        const edge = args.length === 1 ? edgeLine(args[0]) : null;
        if (edge) {
          const { level, msg, time: _time, service: _service, ...fields } = edge;
          log()[level]({ source: "edge", requestId: scopedRequestId(), ...fields }, msg);
          return;
        }
        const error = args.find((a): a is Error => a instanceof Error);
        const rest = args.filter((a) => a !== error);
        const msg = rest.length > 0 ? format(...rest) : (error?.message ?? "");
        // Next's own unhandledRejection listener prints one; process-errors.ts already wrote it with its request id.
        if (method === "error" && /^\W*unhandledRejection:/.test(msg) && unhandledRejectionsLogged()) return;
        log()[LEVELS[method]]({ source: "console", requestId: scopedRequestId(), ...(error ? { err: error } : {}) }, msg);
      } finally {
        writing = false;
      }
    };
  }
  return () => Object.assign(target, originals);
}
