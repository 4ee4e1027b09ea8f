import { LOAN_TERMS } from "@/lib/lending/loan-terms";
import { loanTermsText } from "./loan-terms";

describe("loanTermsText", () => {
  const text = loanTermsText().join(" ");

  it.each([
    "$10,000",
    "35.99%",
    "24 months",
    "No penalty for paying early",
    "$4,000 loan",
    "$25 prepaid finance charge",
    "18.99% interest",
    "19.60% APR",
    "$204.45",
    "$4,906.80",
    "not sponsored by employers",
    "partner payment processor with a partner bank",
  ])("states %p", (fragment) => {
    expect(text).toContain(fragment);
  });

  it("has a worked example whose total is the monthly payment times the term", () => {
    const { monthlyPayment, totalOfPayments } = LOAN_TERMS.example;
    expect(Math.round(monthlyPayment * LOAN_TERMS.termMonths * 100)).toBe(Math.round(totalOfPayments * 100));
  });
});
