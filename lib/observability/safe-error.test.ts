import { captureLogs } from "./logger";
import { logError } from "./log-error";
import { safeError, scrubMessage } from "./safe-error";

const SSN = "666123456";
const BIRTH = "1990-01-02";
const ACCOUNT = "000123456789";

/** A database error as pg and PGlite raise it: SQLSTATE, severity, and the data that must not be logged. */
function dbError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(`invalid input syntax for type date: "${BIRTH}"`), {
    severity: "ERROR",
    detail: `Key (ssn)=(${SSN}) already exists.`,
    query: "INSERT INTO personal (ssn, birthdate) VALUES ($1, $2)",
    params: [SSN, BIRTH, ACCOUNT],
    where: `unnamed portal parameter $2 = '${BIRTH}'`,
    ...fields,
  });
}

describe("safeError", () => {
  it.each([
    [
      "a unique violation",
      { code: "23505", constraint: "personal_ssn_key", table: "personal" },
      { code: "23505", constraint: "personal_ssn_key", table: "personal" },
    ],
    ["a bad date", { code: "22007", column: "birthdate" }, { code: "22007", column: "birthdate" }],
    ["a NUL byte", { code: "22021" }, { code: "22021" }],
    ["a constraint name that is not a plain word", { code: "23505", constraint: `k_${SSN} x` }, { code: "23505" }],
  ])("keeps only the code and the names of %s", (_, fields, kept) => {
    const out = safeError(dbError(fields));
    expect(out).toMatchObject({ type: "DatabaseError", ...kept });
    expect(out.message).toBeUndefined();
    const text = JSON.stringify(out);
    for (const secret of [SSN, BIRTH, ACCOUNT, "INSERT"]) expect(text).not.toContain(secret);
  });

  it.each([
    [`ssn: "${SSN}" is taken`, "ssn: […] is taken"],
    [`Unexpected token 'x', "{"ssn":"${SSN}"}" is not valid JSON`, "Unexpected token […], […]ssn[…]#[…] is not valid JSON"],
    [`born ${BIRTH}, account ${ACCOUNT}`, "born #, account #"],
    ["SSN 666-12-3456 or 666 12 3456", "SSN # or #"],
    ["mail ada@example.com now", "mail [email] now"],
    ["salary: $85,000.00 is above $10,000,000", "salary: $# is above $#"],
    ["file: must be at most 10 MB", "file: must be at most 10 MB"],
  ])("scrubs the message %j", (message, scrubbed) => {
    expect(scrubMessage(message)).toBe(scrubbed);
    expect(safeError(new Error(message)).message).toBe(scrubbed);
  });

  it("keeps an error's class, its machine code and a scrubbed cause", () => {
    const cause = dbError({ code: "23505" });
    const error = Object.assign(new TypeError(`bad ${SSN}`, { cause }), { code: "ERR_BAD" });
    const out = safeError(error);
    expect(out).toMatchObject({ type: "TypeError", code: "ERR_BAD", message: "bad #", cause: { type: "DatabaseError", code: "23505" } });
    expect(out.frames?.length).toBeGreaterThan(0);
    expect(JSON.stringify(out)).not.toContain(SSN);
  });

  it.each([
    ["a string", `ssn ${SSN}`, "string"],
    ["an object", { ssn: SSN }, "object"],
    ["null", null, "null"],
  ])("logs only the type of a thrown %s", (_, thrown, type) => expect(safeError(thrown)).toEqual({ type }));
});

describe("logError", () => {
  it("prints one JSON line holding none of the error's data", () => {
    const logs = captureLogs();
    try {
      logError("resolver failed", dbError({ code: "22021" }), { path: "addData" });
      expect(logs.lines()).toHaveLength(1);
      const line = JSON.stringify(logs.lines()[0]);
      expect(logs.lines()[0]).toMatchObject({
        level: "error",
        event: "resolver failed",
        path: "addData",
        err: { type: "DatabaseError", code: "22021" },
      });
      for (const secret of [SSN, BIRTH, ACCOUNT]) expect(line).not.toContain(secret);
    } finally {
      logs.restore();
    }
  });
});
