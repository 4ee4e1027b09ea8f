import { centsToDollars } from "@/lib/lending/loan-math";
import { workedExample } from "@/lib/lending/worked-example";
import { formatUsd } from "@/lib/format/money";
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
    "$3,975.00 amount financed",
    "18.99% interest",
    "19.64% APR",
    "23 monthly payments of $201.62 and a last one of $201.46",
    "a finance charge of $863.72",
    "a total of $4,838.72 in payments",
    "not sponsored by employers",
    "partner payment processor with a partner bank",
  ])("states %p", (fragment) => {
    expect(text).toContain(fragment);
  });

  it("prints the loan math's figures for the example, not SPEC 1's printed ones", () => {
    const d = workedExample();
    expect(text).toContain(formatUsd(centsToDollars(d.totalOfPaymentsCents)));
    expect(text).not.toContain("$204.45");
    expect(text).not.toContain("$4,906.80");
    expect(text).not.toContain("19.60%");
  });
});
