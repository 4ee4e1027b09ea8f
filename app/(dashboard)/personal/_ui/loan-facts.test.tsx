/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { LoanFacts } from "./loan-facts";

// The figures come from the loan math (lib/lending/worked-example); this pins the page's wording around them.
describe("LoanFacts", () => {
  it("states SPEC 1's terms and worked example", () => {
    render(<LoanFacts />);
    const aside = screen.getByRole("complementary", { name: "About our loans" });
    expect(
      within(aside)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Borrow $500 to $10,000.",
      "APR of at most 35.99%, fees included.",
      "A fixed term of 24 months.",
      "No penalty for paying early.",
    ]);
    expect(aside).toHaveTextContent(
      "Example: a $4,000 loan with a $25 prepaid finance charge ($3,975.00 amount financed) at 18.99% interest has a 19.64% APR, " +
        "with 23 monthly payments of $201.62 and a last one of $201.46: $4,838.72 in total.",
    );
  });
});
