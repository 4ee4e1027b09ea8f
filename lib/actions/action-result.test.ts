import { CHECK_FIELD, failure, firstFailedField, invalid } from "./action-result";

describe("action failures", () => {
  it.each([
    ["no fields", invalid(), { ok: false, reason: "invalid" }],
    ["an empty list", invalid([]), { ok: false, reason: "invalid" }],
    [
      "named fields",
      invalid(["routing", "account"]),
      { ok: false, reason: "invalid", fieldErrors: { routing: CHECK_FIELD, account: CHECK_FIELD } },
    ],
    [
      "the schema's own messages",
      invalid({ amount: "Enter an amount" }),
      { ok: false, reason: "invalid", fieldErrors: { amount: "Enter an amount" } },
    ],
    [
      "a reason with a message",
      failure("refused", { message: "No Unverified Account Found" }),
      { ok: false, reason: "refused", message: "No Unverified Account Found" },
    ],
  ])("%s", (_name, result, expected) => {
    expect(result).toStrictEqual(expected);
  });

  it("names the first failed field, if any", () => {
    expect(firstFailedField(invalid(["state", "amount"]))).toBe("state");
    expect(firstFailedField(failure("failed"))).toBeUndefined();
  });
});
