import type { ChildProcess } from "node:child_process";
import type { Writable } from "node:stream";

export interface StandIns {
  /** Where they listen, e.g. http://127.0.0.1:41234: the app's LOCAL_STAND_INS_URL. */
  url: string;
  stop(): void;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  child: ChildProcess;
}
export function standInsEntry(root: string): string;
export function startStandIns(
  root: string,
  env: Record<string, string | undefined>,
  out?: Writable,
  options?: { args?: string[]; onChild?: (child: ChildProcess) => void; entry?: string },
): Promise<StandIns>;

export const RESTART_BACKOFF: { firstMs: number; maxMs: number; stableMs: number };
export function restartDelay(failures: number, backoff?: typeof RESTART_BACKOFF): number;

export interface SupervisedStandIns {
  url: string;
  current(): StandIns | undefined;
  stop(): Promise<void>;
  stopNow(): void;
}
export function superviseStandIns(
  root: string,
  env: Record<string, string | undefined>,
  options: {
    log: (level: "info" | "error", msg: string, fields?: Record<string, unknown>) => void;
    out?: Writable;
    backoff?: typeof RESTART_BACKOFF;
    entry?: string;
  },
): Promise<SupervisedStandIns>;
