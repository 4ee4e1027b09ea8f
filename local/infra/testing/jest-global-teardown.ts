import { RUN_DIR_VARIABLE, stopWorkerServers } from "./worker-server";

/** Jest's global teardown: stops the workers' shared stand-in servers (worker-server.ts). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (dir) await stopWorkerServers(dir);
}
