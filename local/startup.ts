import { logger } from "@/lib/observability/logger";
import { syncLocalClock } from "./infra/clock/clock";
import { openDb, type Db } from "./infra/db/index";
import { signingKey } from "./vendors/cognito/keys";
import { seed } from "./lender/seed/seed";

const globalForDb = globalThis as unknown as { __localDb?: Promise<Db> };

/**
 * The process-wide database: opened, migrated (db/index.ts) and seeded, once, under the database's
 * start-up lock (instances starting together on one PostgreSQL take turns). Seeding lives
 * here, above the data modules it writes through, so the database module imports none of them.
 * Every stand-in's first query waits for it: a fresh database is seeded before any request is served.
 */
export function localDb(): Promise<Db> {
  globalForDb.__localDb ??= openDb({
    // Seeded dates sit relative to the shared clock, moved or not.
    prepare: async (db) => {
      await syncLocalClock(db);
      await seed(db);
    },
  }).catch((error) => {
    globalForDb.__localDb = undefined;
    throw error;
  });
  return globalForDb.__localDb;
}

/**
 * Run by the stand-ins' process (local/server.ts) when it starts, before it serves anything: the
 * database is created, migrated and seeded and the identity stand-in's signing key exists, so the
 * first request is as fast as the second.
 */
export async function prepareLocalStandIns(): Promise<void> {
  const started = Date.now();
  const db = await localDb();
  await signingKey(db);
  logger().info({ component: "local", durationMs: Date.now() - started }, "[local] database migrated and seeded, signing key ready");
}
