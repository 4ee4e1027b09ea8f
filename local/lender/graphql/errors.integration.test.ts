/**
 * A database failure inside a resolver is logged by its code and constraint only: the statement's
 * parameters (an SSN, a birth date, an account number) and the row excerpt never reach the log.
 */
import { execFileSync } from "node:child_process";
import { print } from "graphql";
import type { Db } from "../../infra/db";
import { createGraphqlHandler } from "./handler";
import { LoadEmployerDocument } from "@/lib/graphql/generated/operations";
import { captureLogs } from "@/lib/observability/logger";

const SSN = "666123456";
const BIRTH = "1990-01-02";
const ACCOUNT = "000123456789";

/**
 * Real PGlite errors carrying personal data in their params, detail and message. PGlite is an ES
 * module Jest cannot load, so a child Node raises them and hands back every field; they are
 * rebuilt here as the same Error objects.
 */
function databaseErrors(): Error[] {
  const script = `
    import { PGlite } from "@electric-sql/pglite";
    const pg = new PGlite();
    await pg.query("CREATE TABLE personal (ssn text UNIQUE, birthdate date, account text)");
    const row = ${JSON.stringify([SSN, BIRTH, ACCOUNT])};
    await pg.query("INSERT INTO personal VALUES ($1, $2, $3)", row);
    const out = [];
    for (const params of [row, [row[0] + "\\u0000", row[1], row[2]], [row[0], row[1] + "x", row[2]]]) {
      await pg.query("INSERT INTO personal VALUES ($1, $2, $3)", params).catch((e) => out.push({ ...e, message: e.message }));
    }
    process.stdout.write(JSON.stringify(out));`;
  const raw = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", cwd: process.cwd() });
  return (JSON.parse(raw) as Record<string, unknown>[]).map(({ message, ...fields }) => Object.assign(new Error(String(message)), fields));
}

it("logs a resolver's database error without its parameters, detail or message", async () => {
  const errors = databaseErrors();
  expect(errors).toHaveLength(3);
  // The errors do carry the data (so the test can fail): in params, detail and message.
  expect(errors.map((e) => (e as Error & { params: unknown[] }).params.join(" ")).join(" ")).toContain(SSN);
  expect(errors.map((e) => `${e.message} ${(e as Error & { detail?: string }).detail}`).join(" ")).toMatch(new RegExp(`${SSN}.*${BIRTH}`));
  const API_KEY = "da2-errors-test";
  const logs = captureLogs();
  try {
    for (const error of errors) {
      const db: Db = {
        query: () => Promise.reject(error),
        transaction: () => Promise.reject(error),
        close: async () => undefined,
      };
      const handler = createGraphqlHandler({
        db: async () => db,
        auth: () => ({ issuer: "http://127.0.0.1:1/unused", jwksUrl: "http://127.0.0.1:1/unused", clientId: "unused", apiKey: API_KEY }),
      });
      const reply = await handler(
        new Request("http://local/api/local/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": API_KEY },
          body: JSON.stringify({ query: print(LoadEmployerDocument), variables: { employerId: "1001" } }),
        }),
      );
      expect((await reply.json()).errors[0]).toMatchObject({ errorType: "InternalFailure", message: "An internal failure occurred." });
    }
    const lines = logs.lines().map((line) => JSON.stringify(line));
    expect(lines).toHaveLength(3);
    expect(logs.lines().map((l) => l.err)).toEqual([
      expect.objectContaining({ type: "DatabaseError", code: "23505", constraint: "personal_ssn_key" }),
      expect.objectContaining({ type: "DatabaseError", code: "22021" }),
      expect.objectContaining({ type: "DatabaseError", code: "22007" }),
    ]);
    for (const line of lines) for (const secret of [SSN, BIRTH, ACCOUNT]) expect(line).not.toContain(secret);
  } finally {
    logs.restore();
  }
});
