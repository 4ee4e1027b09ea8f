import { isValidRoutingNumber, routingNumberProblem } from "./aba";

describe("ABA routing number checksum", () => {
  test.each([
    ["011000015", true], // Federal Reserve Bank of Boston
    ["021000021", true], // JPMorgan Chase NY
    ["011401533", true],
    ["110000000", true], // Stripe/Plaid test routing number
    ["021000022", false], // last digit off by one
    ["012000021", false], // neighbouring digits swapped
    ["000000000", true], // sums to 0: structurally valid
    ["02100002", false],
    ["0210000211", false],
    ["02100002a", false],
    ["", false],
  ])("%s → %s", (value, ok) => {
    expect(isValidRoutingNumber(value)).toBe(ok);
  });

  test.each([
    ["021000021", null],
    ["12345", "Routing number must be 9 digits"],
    ["12345678x", "Routing number must contain digits only"],
    ["021000022", "This is not a valid routing number; check it against a cheque or your bank"],
  ])("problem of %s", (value, problem) => {
    expect(routingNumberProblem(value)).toBe(problem);
  });
});
