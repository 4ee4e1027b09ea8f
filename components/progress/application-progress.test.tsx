/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { ApplicationProgress } from "./application-progress";

describe("ApplicationProgress", () => {
  it("says the step in words and as a bar read with the same words", () => {
    render(<ApplicationProgress step="personalInformation" />);
    expect(screen.getByText(/Step 3 of 10:/)).toHaveTextContent("Step 3 of 10: About you");
    const bar = screen.getByRole("progressbar", { name: "Application progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "30");
    expect(bar).toHaveAttribute("aria-valuetext", "Step 3 of 10: About you");
  });
  it("shows nothing to a borrower", () => {
    const { container } = render(<ApplicationProgress step="activeLoan" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("ApplicationProgress away from the step's page", () => {
  it("says where the application is (the saved employment while the review waits)", () => {
    render(<ApplicationProgress step="authPrequal" here={false} />);
    expect(screen.getByTestId("application-progress")).toHaveTextContent("Your application is at step 5 of 10: Review");
  });
});
