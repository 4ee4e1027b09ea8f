/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BankPage } from "./bank-page";

const mockLoadAccounts = jest.fn();
jest.mock("../actions", () => ({
  loadAccounts: () => mockLoadAccounts(),
  addManualAccount: jest.fn(),
  checkCredentials: jest.fn(async () => ({ ok: true, refreshToken: null })),
  linkAccount: jest.fn(),
  logBankEvent: jest.fn(async () => undefined),
  makeActive: jest.fn(),
  requestLinkToken: jest.fn(),
  verifyDeposits: jest.fn(),
}));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshAndFollow: jest.fn(async () => null) }));

const props = { step: "consentPage", directDepositConfirmed: false, outboxUrl: null, plaidStandInScript: null };

/** Issue 44: nothing is offered beside a list of accounts that could not be read; a retry reads it again. */
it("accounts that could not be loaded: the failure and a retry, and no offer to link or add until they load", async () => {
  render(<BankPage {...props} initialAccounts={null} />);
  expect(screen.getByText(/We could not load your bank accounts\./).closest("[role=alert]")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Link a bank account" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Enter account details" })).toBeNull();

  mockLoadAccounts.mockResolvedValueOnce({ ok: false, reason: "failed" });
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("button", { name: "Try again" })).toBeEnabled();
  expect(screen.queryByRole("button", { name: "Link a bank account" })).toBeNull();

  mockLoadAccounts.mockResolvedValueOnce({ ok: true, accounts: [] });
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("button", { name: "Link a bank account" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "Enter account details" })).toBeVisible();
  expect(screen.getByText("You have not added a bank account yet.")).toBeVisible();
  expect(screen.queryByText(/could not load your bank accounts/)).toBeNull();
});

it("loaded accounts: linking and adding are offered", () => {
  render(<BankPage {...props} initialAccounts={[]} />);
  expect(screen.getByRole("button", { name: "Link a bank account" })).toBeEnabled();
  expect(screen.queryByText(/could not load your bank accounts/)).toBeNull();
});

/** Issue 42: /bank says "Step n" only at the steps it serves; elsewhere it says where the application is. */
it.each([
  { step: "fundingAccount", text: "Step 7 of 10: Your bank account" },
  { step: "verifyMD", text: "Step 8 of 10: Verification" },
  { step: "uploadIdentity", text: "Your application is at step 8 of 10: Verification" },
  { step: "completeUnderReview", text: "Your application is at step 9 of 10: Decision" },
  { step: "consentPage", text: "Your application is at step 7 of 10: Your bank account" },
])("the progress at $step: $text", ({ step, text }) => {
  render(<BankPage {...props} step={step} initialAccounts={[]} />);
  expect(screen.getByTestId("application-progress")).toHaveTextContent(text);
});

it("no progress where the person is not applying (a borrower)", () => {
  render(<BankPage {...props} step="activeLoan" initialAccounts={[]} />);
  expect(screen.queryByTestId("application-progress")).toBeNull();
});

/** Issue 49: "confirmed by your employer" only when the employer's payroll confirmed it. */
it.each([
  { by: "payroll" as const, text: "Direct deposit: set up — confirmed by your employer." },
  { by: "applicant" as const, text: "Direct deposit: set up — you confirmed that you asked your payroll office to send the loan payment." },
  { by: null, text: "Direct deposit: set up." },
])("direct deposit confirmed by $by reads: $text", ({ by, text }) => {
  render(<BankPage {...props} step="Offer Sent" directDepositConfirmed directDepositConfirmedBy={by} initialAccounts={[]} />);
  expect(screen.getByTestId("direct-deposit")).toHaveTextContent(text);
});
