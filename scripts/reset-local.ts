/**
 * npm run reset:local — wipes the local stand-ins' data and seeds it again (every persona back in
 * its seeded state, e.g. the signer can sign again). Stop the server first: the embedded database
 * is one process's files. Uses LOCAL_DATA_DIR / DATABASE_URL like the server; refuses outside
 * APP_ENV=local.
 */
import { rm } from "node:fs/promises";
import { dataDir, openDb } from "../local/infra/db/index";
import { seed } from "../local/lender/seed/seed";

async function main(): Promise<void> {
  const appEnv = process.env.APP_ENV ?? "local";
  if (appEnv !== "local") throw new Error(`reset:local only resets local data (APP_ENV is ${appEnv})`);
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await openDb({ url });
    await db.query("DROP SCHEMA public CASCADE");
    await db.query("CREATE SCHEMA public");
    await db.close();
  } else {
    await rm(dataDir(), { recursive: true, force: true });
  }
  const db = await openDb(url ? { url } : {});
  await seed(db);
  await db.close();
  console.log(`local data reset and seeded (${url ? "DATABASE_URL" : dataDir()})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
