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
export function startStandIns(root: string, env: Record<string, string | undefined>, out?: Writable): Promise<StandIns>;
