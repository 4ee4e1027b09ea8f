import os from "node:os";
import { Writable } from "node:stream";
import pino from "pino";
import { createLogger } from "./logger";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger({ format: "json", level: "debug", destination });
  return { log, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), raw: () => lines.join("\n") };
}

describe("logger: one JSON line per event", () => {
  test("has level, time, message and the fields given", () => {
    const { log, records } = capture();
    log
      .child({ requestId: "req-12345678" })
      .info({ route: "/personal", reason: "wrong-step", status: 302, durationMs: 14 }, "route decision");
    expect(records()).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        service: "lending-shell",
        requestId: "req-12345678",
        route: "/personal",
        reason: "wrong-step",
        status: 302,
        durationMs: 14,
        msg: "route decision",
      },
    ]);
  });

  test.each([
    ["ssn", "123-45-6789"],
    ["birthDate", "1985-03-14"],
    ["email", "jane.doe@example.com"],
    ["accountNumber", "000123456789"],
    ["routingNumber", "011000015"],
    ["code", "482913"],
    ["refreshToken", "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIn0.cmVmcmVzaA.aXY.Y2lwaGVy.dGFn"],
    ["idToken", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"],
  ])("never writes %s", (field, value) => {
    const { log, raw } = capture();
    log.info({ input: { [field]: value } }, "personal details submitted");
    log.warn(`refused ${value}`);
    log.error({ err: Object.assign(new Error(`bad value ${value}`), { parameters: [value] }) }, "database error");
    expect(raw()).not.toContain(value);
    expect(raw()).toMatch(/\[redacted\]|\[number\]/);
  });

  test("an error is logged by class and code; a database error by code and constraint, never its data", () => {
    const { log, records } = capture();
    log.error({ err: Object.assign(new Error("duplicate key"), { code: "23505" }) }, "insert failed");
    const database = Object.assign(new Error('duplicate key value violates unique constraint "x": (ssn)=(666000001)'), {
      code: "23505",
      severity: "ERROR",
      constraint: "bank_accounts_fingerprint_key",
      detail: "Key (ssn)=(666000001) already exists.",
    });
    log.error({ err: database }, "insert failed");
    expect(records()[0]?.err).toEqual(expect.objectContaining({ type: "Error", message: "duplicate key", code: "23505" }));
    expect(records()[1]?.err).toEqual(
      expect.objectContaining({ type: "DatabaseError", code: "23505", constraint: "bank_accounts_fingerprint_key" }),
    );
    expect(JSON.stringify(records())).not.toContain("666000001");
  });
});

describe("logger: pino-pretty is for development only", () => {
  const streamOf = (log: ReturnType<typeof createLogger>) =>
    (log as unknown as Record<symbol, { dropped?: unknown }>)[pino.symbols.streamSym]!;

  test("pretty where it is installed", () => {
    expect(streamOf(createLogger({ format: "pretty" })).dropped).toBeUndefined();
  });

  test("JSON on stdout where it is not (the production image): asking for pretty never fails", () => {
    const cwd = jest.spyOn(process, "cwd").mockReturnValue(os.tmpdir());
    try {
      // The JSON lines' own destination: stdout, never blocking (output.ts).
      expect(streamOf(createLogger({ format: "pretty" })).dropped).toEqual(expect.any(Function));
    } finally {
      cwd.mockRestore();
    }
  });
});
