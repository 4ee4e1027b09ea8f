import type http from "node:http";

export const KEEP_ALIVE_TIMEOUT_MS: number;
export const HEADERS_TIMEOUT_MS: number;
export const DEFAULT_DRAIN_SECONDS: number;
export const SHUTDOWN_GRACE_MS: number;
export const EXIT_HOOKS_MS: number;
export const DRAIN_CUT_TEXT: string;
/** Kills this process (SIGKILL) `ms` from now from a worker thread, writing `line` to stderr first if it can. */
export function hardDeadline(ms: number, line: string): unknown;
export function drainSeconds(env?: Record<string, string | undefined>): number;

export interface LifecycleServer {
  server: http.Server;
  /** Resolves "drained" when every connection is gone, or "timeout" after drainMs (the rest destroyed). */
  drain(drainMs: number): Promise<"drained" | "timeout">;
  inFlight(): number;
}
export function createLifecycleServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): LifecycleServer;

export function shutdownOnSignals(options: {
  beginDrain: () => void;
  lifecycle: () => LifecycleServer | undefined;
  drainMs: number;
  close?: () => Promise<unknown>;
  exit?: (code: number) => void;
  graceMs?: number;
  /** The deadline nothing on the main thread can hold up (hardDeadline). */
  killAfter?: (ms: number, line: string) => unknown;
}): void;

export function serverLine(
  level: "info" | "error",
  msg: string,
  fields?: Record<string, unknown>,
  env?: Record<string, string | undefined>,
  stream?: Pick<NodeJS.WriteStream, "write" | "isTTY">,
): void;
