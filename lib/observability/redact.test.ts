import { redact, REDACTED, scrubText } from "./redact";

describe("redact: personal and secret fields, at any depth", () => {
  test.each([
    ["ssn", "123-45-6789"],
    ["SSN", "123456789"],
    ["birth_date", "1985-03-14"],
    ["dob", "03/14/1985"],
    ["email", "jane.doe@example.com"],
    ["phoneNumber", "+15555550123"],
    ["accountNumber", "000123456789"],
    ["routing_number", "011000015"],
    ["idToken", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.sig"],
    ["refreshToken", "opaque-refresh"],
    ["authorization", "eyJ..."],
    ["cookie", "CognitoIdentityServiceProvider.x=y"],
    ["firstName", "Jane"],
    ["signerName", "Jane Doe"],
    ["streetAddress", "1 Main St"],
    ["password", "hunter2"],
    ["variables", { input: { ssn: "123-45-6789" } }],
    ["params", ["123-45-6789", "Jane"]],
  ])("%s", (key, value) => {
    expect(redact({ [key]: value })).toEqual({ [key]: REDACTED });
    expect(redact({ outer: { inner: [{ [key]: value }] } })).toEqual({ outer: { inner: [{ [key]: REDACTED }] } });
  });

  test("a one-time code under `code` is caught by its shape; an error code is kept", () => {
    expect(redact({ code: "482913" })).toEqual({ code: "[number]" });
    expect(redact({ code: "23505" })).toEqual({ code: "23505" });
  });

  test("keeps what is not personal", () => {
    expect(redact({ route: "/personal", reason: "signed-out", status: 302, durationMs: 12, ok: true, none: null })).toEqual({
      route: "/personal",
      reason: "signed-out",
      status: 302,
      durationMs: 12,
      ok: true,
      none: null,
    });
  });

  test("keeps generated identifiers verbatim, even with digit runs", () => {
    const ids = { requestId: "1-67891233-abcdef012345678912345678", sub: "5f0c1234-5678-4abc-9def-123456789012", digest: "2739127461" };
    expect(redact(ids)).toEqual(ids);
  });

  test("an error keeps its class, code and constraint, never its parameters or detail", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_ssn_key"'), {
      code: "23505",
      constraint: "users_ssn_key",
      detail: "Key (ssn)=(123-45-6789) already exists.",
      parameters: ["123-45-6789", "1985-03-14"],
    });
    Object.assign(error, { severity: "ERROR" });
    expect(redact({ err: error })).toEqual({
      err: expect.objectContaining({ type: "DatabaseError", code: "23505", constraint: "users_ssn_key" }),
    });
    expect(JSON.stringify(redact({ err: error }))).not.toMatch(/123-45-6789|1985-03-14/);
  });

  test("stops at depth 8 instead of recursing without bound", () => {
    let deep: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(JSON.stringify(redact(deep))).toContain("[truncated]");
  });
});

describe("scrubText: personal values in free text", () => {
  test.each([
    ["invalid input for jane.doe@example.com", "invalid input for [email]"],
    ["ssn 123-45-6789 rejected", "ssn [ssn] rejected"],
    ["ssn=123456789", "ssn=[number]"],
    ["born 1985-03-14", "born [date]"],
    ["born 3/14/1985", "born [date]"],
    ["account 000123456789 routing 011000015", "account [number] routing [number]"],
    ["code 123456 wrong", "code [number] wrong"],
    ["token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln here", "token [token] here"],
    ["phone +15555550123", "phone [number]"],
    ["step personalInformation failed: 409", "step personalInformation failed: 409"],
    ["amount 4000 at 18.99%", "amount 4000 at 18.99%"],
  ])("%p", (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });
});
