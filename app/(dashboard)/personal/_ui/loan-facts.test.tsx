/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { LoanFacts } from "./loan-facts";

// The figures come from lib/lending/loan-terms; this pins the page's wording around them.
describe("LoanFacts", () => {
  it("states SPEC 1's terms and worked example", () => {
    render(<LoanFacts />);
    const aside = screen.getByRole("complementary", { name: "About our loans" });
    expect(
      within(aside)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Borrow up to $10,000 (amount financed).",
      "APR of at most 35.99%, fees included.",
      "A fixed term of 24 months.",
      "No penalty for paying early.",
    ]);
    expect(aside).toHaveTextContent(
      "Example: a $4,000 loan with a $25 prepaid finance charge at 18.99% interest has a 19.60% APR, with payments of $204.45 a month and $4,906.80 in total.",
    );
  });
});
