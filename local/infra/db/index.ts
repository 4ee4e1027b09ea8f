import { readdir, readFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { logger } from "../../../lib/observability/logger";

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

/** A database as openDb opens it: with the start-up lock that migrations and seeding run under. */
interface Opened extends Db {
  /**
   * Runs fn while this process holds the database's start-up lock: on PostgreSQL a session advisory
   * lock (per schema), so instances starting together on one database migrate and seed one after
   * the other instead of racing (two CREATE TYPEs of one migration collide). PGlite has one process.
   */
  underStartupLock<T>(fn: () => Promise<T>): Promise<T>;
}

/** What a read or a write inside someone else's transaction needs: queries, never commit or close. */
export type Queryable = Pick<Db, "query">;

const MIGRATIONS_DIR = path.join(process.cwd(), "local", "infra", "db", "migrations");

export function dataDir(): string {
  // Not traced into the standalone output: the trace would copy this checkout's database with it.
  return process.env.LOCAL_DATA_DIR ?? path.join(/* turbopackIgnore: true */ process.cwd(), "data", "pglite");
}

async function openPglite(dir: string): Promise<Opened> {
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
    underStartupLock: (fn) => fn(),
  };
}

/** The start-up lock's key: one per schema, so test suites sharing a server (a schema each) do not wait on each other. */
const STARTUP_LOCK_KEY = "hashtext('local-startup:' || current_schema())";

/**
 * The database could not be reached, or dropped the connection (a restart, a failover, a network
 * cut): nothing about the request was wrong, and the same request may work in a moment. The
 * stand-ins' server answers it 503 with Retry-After (local/infra/http/serve.ts).
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart, "cannot connect now"). */
const UNAVAILABLE_SQLSTATE = /^(08|57P)/;
const UNAVAILABLE_SYSCALL = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/** What the pg driver throws, without a code, when the connection is gone or was never made. */
const UNAVAILABLE_MESSAGE = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code))) return true;
  return typeof message === "string" && UNAVAILABLE_MESSAGE.test(message);
}

/** A lost connection as DatabaseUnavailableError; any other error as it was. */
function unavailableOr(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}

/** How long a request waits for a connection before it is answered "unavailable", not left hanging. */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(connectionString: string): Promise<Opened> {
  const { default: pgModule } = await import("pg");
  const pool = new pgModule.Pool({ connectionString, max: 5, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that dies (PostgreSQL restarting: "terminating connection due to administrator
  // command") is dropped by the pool, which opens a new one when next asked; unhandled, this event
  // would end the process (issue 51). Said once per connection lost, as a warning: it heals itself.
  pool.on("error", (error) => {
    logger().warn(
      { component: "local db", err: error },
      "[local] an idle database connection was lost: dropped, a new one is opened when needed",
    );
  });
  /** A connection of the pool's for several statements; one that fails for its connection is destroyed, not reused. */
  async function withClient<T>(fn: (client: import("pg").PoolClient) => Promise<T>): Promise<T> {
    let client: import("pg").PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailableOr(error);
    }
    // Checked out, the pool no longer listens for its errors: a connection lost now must not end the
    // process (the statement under way fails on its own).
    let lost: unknown;
    const onError = (error: unknown) => (lost = error);
    client.on("error", onError);
    try {
      return await fn(client);
    } catch (error) {
      if (isDatabaseUnavailable(error)) lost ??= error;
      throw unavailableOr(error);
    } finally {
      client.off("error", onError);
      // Released with an error, the pool destroys the connection instead of handing it out again.
      client.release(lost === undefined ? undefined : new DatabaseUnavailableError(lost));
    }
  }
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await pool.query(sql, params)).rows as T[];
      } catch (error) {
        throw unavailableOr(error);
      }
    },
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      return withClient(async (client) => {
        await client.query("BEGIN");
        try {
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
          // On a lost connection the ROLLBACK fails too (the server has rolled back already): the first error is the one to tell.
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      });
    },
    close: () => pool.end(),
    underStartupLock<T>(fn: () => Promise<T>) {
      // Its own connection holds the lock (released when that session ends, should the process die);
      // fn's queries run on the pool's others.
      return withClient(async (holder) => {
        await holder.query(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        try {
          return await fn();
        } finally {
          await holder.query(`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
        }
      });
    },
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

export interface OpenOptions {
  url?: string;
  dir?: string;
  /** Runs after the migrations, under the same start-up lock: the seeding (local/startup.ts), so this module imports no data module. */
  prepare?: (db: Db) => Promise<void>;
}

/** Opens, migrates and prepares, under the start-up lock; the database is closed again if any of it fails. */
export async function openDb(options: OpenOptions = {}): Promise<Db> {
  const url = options.url ?? process.env.DATABASE_URL;
  const opened = url ? await openPostgres(url) : await openPglite(options.dir ?? dataDir());
  const { underStartupLock, ...db } = opened;
  try {
    await underStartupLock(async () => {
      await migrate(db);
      await options.prepare?.(db);
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
