/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { PayrollLink, type PayrollLinkProps } from "./payroll-link";

const props: PayrollLinkProps = {
  employerName: "Washington High School",
  scriptUrl: "/api/local/argyle/argyle.web.v5.js",
  directDeposit: true,
  start: jest.fn(),
  finish: jest.fn(),
};

/** Issue 49: "Link payroll account" only while no payroll account is linked. */
it("not linked yet: offers the link and says what it is for", () => {
  render(<PayrollLink {...props} />);
  expect(screen.getByRole("button", { name: "Link payroll account" })).toBeEnabled();
  expect(screen.getByText(/set up your loan payment by direct deposit/)).toBeInTheDocument();
});

it.each([
  [{ directDepositConfirmed: true }, "Your payroll account is linked and direct deposit is confirmed."],
  [{ directDepositConfirmed: false }, "Your payroll account is linked."],
])("already linked (%p): says so, and offers no second link", (linked, said) => {
  render(<PayrollLink {...props} linked={linked} />);
  expect(screen.getByRole("status")).toHaveTextContent(said);
  expect(screen.getByRole("heading", { name: "Your payroll account" })).toBeInTheDocument();
  expect(screen.queryByRole("button")).toBeNull();
  expect(screen.queryByText(/Connect your/)).toBeNull();
  expect(props.start).not.toHaveBeenCalled();
});
