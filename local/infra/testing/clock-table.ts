import type { Queryable } from "../db/index";

/**
 * The local_clock row as the database keeps it, for the clock's unit tests (in-process Jest cannot
 * load PGlite; local/vendors/cognito/two-instances.pg.integration.test.ts runs the real SQL on a shared database).
 */
export function clockTable(): Queryable {
  let offset = 0;
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      if (/^\s*UPDATE local_clock SET offset_ms = 0/.test(sql)) offset = 0;
      else if (/^\s*INSERT INTO local_clock/.test(sql)) offset += params[0] as number;
      else if (!/^\s*SELECT offset_ms FROM local_clock/.test(sql)) throw new Error(`unexpected SQL: ${sql}`);
      return [{ offset_ms: String(offset) }] as T[];
    },
  };
}
