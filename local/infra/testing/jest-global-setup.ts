import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OWNER_PID_VARIABLE, RUN_DIR_VARIABLE } from "./worker-server";

/** Jest's global setup: where this run's workers record their shared stand-in servers (worker-server.ts). */
export default function globalSetup(): void {
  process.env[RUN_DIR_VARIABLE] = mkdtempSync(path.join(os.tmpdir(), "stand-in-run-"));
  process.env[OWNER_PID_VARIABLE] = String(process.pid);
}
