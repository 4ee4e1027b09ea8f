import { MAX_VERIFY_ATTEMPTS } from "../../../lib/bank/funding-rules";
import { MICRO_DEPOSIT_LOCKS_PER_ACCOUNT } from "./application-rules";
import { accountFingerprint, MICRO_DEPOSIT_GUESS_CAP, normaliseAccount } from "./micro-deposit-cap";

const KEY = "test-key";

describe("one account, however it is spelled", () => {
  it.each([
    ["123456789", "123456789"],
    ["00123456789", "123456789"],
    ["000000123456789", "123456789"],
    ["123-456-789", "123456789"],
    ["0 123 456 789", "123456789"],
    ["00-12 3456789", "123456789"],
    ["0000", "0"],
    ["1000", "1000"],
  ])("account %p is %p", (typed, account) => {
    expect(normaliseAccount("011000015", typed)).toEqual({ routing: "011000015", account });
    expect(accountFingerprint(KEY, "011000015", typed)).toBe(accountFingerprint(KEY, "011000015", account));
  });

  it.each([
    ["the routing number", ["011000015", "123456789"], ["021000021", "123456789"]],
    ["the account number", ["011000015", "123456789"], ["011000015", "123456780"]],
    ["a trailing zero", ["011000015", "12345678"], ["011000015", "123456780"]],
  ] as const)("a different %s is another account", (_what, [r1, a1], [r2, a2]) => {
    expect(accountFingerprint(KEY, r1, a1)).not.toBe(accountFingerprint(KEY, r2, a2));
  });

  it("keeps the routing number's leading zero (routing numbers are fixed-width) and drops its spaces and dashes", () => {
    expect(normaliseAccount("0110-00015", "1").routing).toBe("011000015");
    expect(accountFingerprint(KEY, "011000015", "1")).not.toBe(accountFingerprint(KEY, "11000015", "1"));
  });

  it("is keyed: the fingerprint is no plain hash of the number", () => {
    expect(accountFingerprint(KEY, "011000015", "1")).not.toBe(accountFingerprint("other", "011000015", "1"));
  });
});

it("the cap is the lockouts an account may have times the tries of each: 9", () => {
  expect(MICRO_DEPOSIT_GUESS_CAP).toBe(MICRO_DEPOSIT_LOCKS_PER_ACCOUNT * MAX_VERIFY_ATTEMPTS);
  expect(MICRO_DEPOSIT_GUESS_CAP).toBe(9);
});
