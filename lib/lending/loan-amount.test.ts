import { LOAN_AMOUNT, LOAN_AMOUNT_MESSAGES, LOAN_AMOUNT_RANGE_TEXT, loanAmountProblem } from "./loan-amount";

// SPEC 1's constants, written literally: a change to the rule's source must fail here.
describe("the amount a person may apply for", () => {
  test("is $500 to $10,000, said in words before anyone types", () => {
    expect(LOAN_AMOUNT).toEqual({ min: 500, max: 10_000 });
    expect(LOAN_AMOUNT_RANGE_TEXT).toBe("$500 to $10,000");
    expect(LOAN_AMOUNT_MESSAGES).toEqual({
      required: "Enter the amount you'd like to borrow",
      below: "The smallest loan is $500: enter $500 to $10,000",
      above: "The largest loan is $10,000: enter $500 to $10,000",
      cents: "Use at most two decimals (cents)",
      notANumber: "Enter an amount in dollars",
    });
  });

  test.each([
    [50, "The smallest loan is $500: enter $500 to $10,000"],
    [499.99, "The smallest loan is $500: enter $500 to $10,000"],
    [500, null],
    [500.01, null],
    [4000, null],
    [4000.5, null],
    [9999.99, null],
    [10_000, null],
    [10_000.01, "The largest loan is $10,000: enter $500 to $10,000"],
    [25_000, "The largest loan is $10,000: enter $500 to $10,000"],
    [4000.001, "Use at most two decimals (cents)"],
    [1234.567, "Use at most two decimals (cents)"],
    [0.1 + 4000.2, null], // floating-point sums of cents are still cents
    [Number.NaN, "Enter an amount in dollars"],
    [Number.POSITIVE_INFINITY, "Enter an amount in dollars"],
    [Number.NEGATIVE_INFINITY, "Enter an amount in dollars"],
    ["4000", "Enter an amount in dollars"],
    [null, "Enter an amount in dollars"],
    [undefined, "Enter an amount in dollars"],
  ])("%p → %p", (amount, problem) => {
    expect(loanAmountProblem(amount)).toBe(problem);
  });
});
