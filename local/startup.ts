import { localDb } from "./db/index";
import { signingKey } from "./identity/keys";

/**
 * Run by instrumentation.ts when the server starts in the local environment, before it serves
 * anything: the embedded database is created, migrated and seeded and the identity stand-in's
 * signing key exists, so the first request is as fast as the second (it used to take seconds).
 */
export async function prepareLocalStandIns(): Promise<void> {
  const started = Date.now();
  const db = await localDb();
  await signingKey(db);
  console.log(`[local] database migrated and seeded, signing key ready (${Date.now() - started} ms)`);
}
