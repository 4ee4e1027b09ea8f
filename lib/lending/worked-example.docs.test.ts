import { readFileSync } from "node:fs";
import path from "node:path";
import { displayedLoanTerms } from "./worked-example";

/** The README and docs/lending.md print the worked example as the loan math gives it (issue 26), not typed-in figures. */
const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ");

describe.each(["README.md", "docs/lending.md"])("%s", (file) => {
  const text = read(file);
  const e = displayedLoanTerms().example;

  it.each([
    ["the APR", e.apr],
    ["the amount financed", e.amountFinanced],
    ["the monthly payment", e.monthlyPayment],
    ["the total of payments", e.totalOfPayments],
  ])("prints %s the loan math gives (%s)", (_what, figure) => {
    expect(text).toContain(figure);
  });

  it("names SPEC 1's printed figures only to say they differ", () => {
    expect(text).toMatch(/SPEC 1.{0,40}(prints|printed)/);
  });
});
