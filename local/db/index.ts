import { readdir, readFile, mkdir } from "node:fs/promises";
import path from "node:path";

/**
 * The stand-ins' database: embedded PostgreSQL (PGlite, persisted under data/) by default, a
 * PostgreSQL server when DATABASE_URL is set. One schema, one set of migrations, one dialect.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction: everything it wrote is kept, or nothing is. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a read or a write inside someone else's transaction needs: queries, never commit or close. */
export type Queryable = Pick<Db, "query">;

const MIGRATIONS_DIR = path.join(process.cwd(), "local", "db", "migrations");

export function dataDir(): string {
  return process.env.LOCAL_DATA_DIR ?? path.join(process.cwd(), "data", "pglite");
}

async function openPglite(dir: string): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dir !== "memory://") await mkdir(dir, { recursive: true });
  const pg = new PGlite(dir);
  await pg.waitReady;
  // PGlite runs one statement at a time; a queue keeps transactions from interleaving.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const wrap = (q: { query: typeof pg.query }): Db => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params)).rows;
    },
    transaction: () => {
      throw new Error("nested transactions are not supported");
    },
    close: async () => undefined,
  });
  return {
    query: <T>(sql: string, params: unknown[] = []) => serial(async () => (await pg.query<T>(sql, params)).rows),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => serial(() => pg.transaction((tx) => fn(wrap(tx)))),
    close: () => pg.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Db> {
  const { default: pgModule } = await import("pg");
  const pool = new pgModule.Pool({ connectionString, max: 5 });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: Db = {
          query: async <U>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as U[],
          transaction: () => {
            throw new Error("nested transactions are not supported");
          },
          close: async () => undefined,
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function migrate(db: Db): Promise<string[]> {
  await db.query("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  const done = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), "utf8");
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends (migrations keep one statement per block). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s));
}

/** Opens and migrates; seeding is the start-up's (local/startup.ts), so this module imports no data module. */
export async function openDb(options: { url?: string; dir?: string } = {}): Promise<Db> {
  const url = options.url ?? process.env.DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite(options.dir ?? dataDir());
  await migrate(db);
  return db;
}
