import { createRequire } from "node:module";
import path from "node:path";
import pino, { type Logger } from "pino";
import { nonBlockingOutput } from "./output";
import { errorFields, redact, scrubText } from "./redact";

/**
 * The server's one logger (Node runtime; the edge writes the same shape through edge-log.ts). One
 * JSON line per event — level, time, msg, and the request id, route, reason, status and duration
 * where known — every field passed through redact(), every message scrubbed. Pretty only when run
 * locally in a terminal (LOG_FORMAT=json|pretty overrides); JSON everywhere else, for CloudWatch.
 */

/**
 * pino-pretty is a development dependency: required at run time from the directory the server was
 * started in, which the build neither bundles nor traces (`npm run build` leaves it out of
 * .next/standalone). Where it is not installed (the production image) the lines stay JSON.
 */
const PRETTY_MODULE = ["pino", "pretty"].join("-");

function prettyStream(): pino.DestinationStream | undefined {
  try {
    const load = createRequire(path.join(process.cwd(), "package.json"));
    const pretty = load(PRETTY_MODULE) as (options: Record<string, unknown>) => pino.DestinationStream;
    // Its default destination is a SonicBoom with the exit hook that can wait forever (output.ts):
    // Node's own stdout instead, which never does.
    return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", destination: process.stdout });
  } catch {
    return undefined;
  }
}

export type LogFields = Record<string, unknown>;

export interface LoggerOptions {
  level?: string;
  format?: "json" | "pretty";
  destination?: pino.DestinationStream;
}

function defaultFormat(): "json" | "pretty" {
  const chosen = process.env.LOG_FORMAT;
  if (chosen === "json" || chosen === "pretty") return chosen;
  const local = (process.env.APP_ENV || "local") === "local";
  return local && process.stdout.isTTY ? "pretty" : "json";
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? defaultFormat();
  const destination = options.destination ?? (format === "pretty" ? prettyStream() : undefined) ?? nonBlockingOutput();
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? "info",
      base: { service: "lending-shell" },
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redact(fields) as LogFields,
      },
      serializers: { err: (error: unknown) => (error instanceof Error ? errorFields(error) : redact(error)) },
      hooks: {
        // A message is written by a developer, but may carry an interpolated value: scrub it too.
        logMethod(args, method) {
          const safe = args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg)) as Parameters<typeof method>;
          return method.apply(this, safe);
        },
      },
    },
    destination,
  );
}

const shared = globalThis as unknown as { __shellLogger?: Logger };

/** The process's logger (one across Next's module instances). */
export function logger(): Logger {
  shared.__shellLogger ??= createLogger();
  return shared.__shellLogger;
}

/** Tests: every line the process's logger writes, parsed, until restore(). */
export function captureLogs(): { lines: () => Record<string, unknown>[]; restore: () => void } {
  const previous = shared.__shellLogger;
  const lines: string[] = [];
  shared.__shellLogger = createLogger({
    format: "json",
    level: "debug",
    destination: {
      write(chunk: string) {
        lines.push(...chunk.split("\n").filter(Boolean));
      },
    },
  });
  return {
    lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => {
      shared.__shellLogger = previous;
    },
  };
}
