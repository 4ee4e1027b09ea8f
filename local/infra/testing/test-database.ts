import { randomBytes } from "node:crypto";

export interface TestDatabase {
  /** Environment for a local server: a fresh PGlite in memory, or a fresh schema on PostgreSQL. */
  env: Record<string, string>;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the schema this database lives in (dropSchema drops it from another process). */
  schema?: string;
  cleanup(): Promise<void>;
}

/** Drops a test schema on the TEST_DATABASE_URL server, with everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL pass (`TEST_DATABASE_URL=… npx jest '\.pg\.integration\.test\.ts$'`) runs the suites
 * named `*.pg.integration.test.ts`: those that test what can differ from PGlite, which is the same
 * engine in one process behind a queue (db/index.ts). That is real concurrency on a pool of
 * connections (row locks, unique and partial indexes under parallel requests), several processes on
 * one database and the advisory start-up lock, constraint error codes and their mapping, and the `pg`
 * driver's result types (int8 as text, date and timestamp at local midnight, where PGlite answers
 * numbers and UTC) with the server's own version and settings, on the read and write paths of every
 * data module. A suite whose database work is covered by those, or that never opens one, runs on
 * PGlite only.
 *
 * A fresh database for one test file. With TEST_DATABASE_URL set (CI starts a PostgreSQL
 * cluster), each call gets its own schema on that server, dropped afterwards; otherwise PGlite.
 * `dir` keeps PGlite on disk instead (for restart tests).
 */
export async function testDatabase(options: { dir?: string } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return {
      kind: "pglite",
      env: { DATABASE_URL: "", LOCAL_DATA_DIR: options.dir ?? "memory://" },
      cleanup: async () => undefined,
    };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  return {
    kind: "postgres",
    schema,
    env: { DATABASE_URL: scoped.toString() },
    cleanup: () => dropSchema(url, schema),
  };
}
