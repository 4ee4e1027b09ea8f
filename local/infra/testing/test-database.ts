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
