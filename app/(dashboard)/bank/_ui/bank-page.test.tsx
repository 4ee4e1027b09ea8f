/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { deadlineActionBody, deadlineFormText } from "@/lib/observability/deadline-answer";
import { BankPage } from "./bank-page";
import type { FundingSource } from "../operations";

const mockLoadAccounts = jest.fn();
const mockMakeActive = jest.fn();
const mockLinkAccount = jest.fn();
const mockRequestLinkToken = jest.fn();
jest.mock("../actions", () => ({
  loadAccounts: () => mockLoadAccounts(),
  addManualAccount: jest.fn(),
  checkCredentials: jest.fn(async () => ({ ok: true, refreshToken: null })),
  linkAccount: (...args: unknown[]) => mockLinkAccount(...args),
  logBankEvent: jest.fn(async () => undefined),
  makeActive: (...args: unknown[]) => mockMakeActive(...args),
  requestLinkToken: () => mockRequestLinkToken(),
  verifyDeposits: jest.fn(),
}));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshAndFollow: jest.fn(async () => null) }));
// Plaid's widget, as its callback reaches the page: a press stands for the person finishing Link.
jest.mock("./plaid-launcher", () => ({
  PlaidLauncher: ({ onSuccess }: { onSuccess: (token: string, metadata: unknown) => void }) => (
    <button
      type="button"
      onClick={() =>
        onSuccess("public-sandbox-1", {
          institution: { name: "First Platypus Bank", institution_id: "ins_1" },
          accounts: [{ id: "acc-1", name: "Plaid Checking", mask: "0000", type: "depository", subtype: "checking" }],
          link_session_id: "s",
        })
      }
    >
      Finish linking
    </button>
  ),
}));

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

/** Issue 51: a write cut by the server's request deadline is said in the page's words with its reference; nothing stays busy. */
describe("writes outside the form kit: the answer that never came", () => {
  const account = (id: string, name: string, active: boolean): FundingSource =>
    ({
      account_id: id,
      link_type: "dwolla_MicroDeposits",
      name,
      mask: id.slice(-4),
      subtype: "checking",
      verified: true,
      active,
      locked: false,
      verifyTriesLeft: null,
      institutionName: null,
    }) as FundingSource;
  const two = [account("acc-0001", "Pay", true), account("acc-0002", "Rent", false)];
  const cut = () => new Error(deadlineActionBody("req-deadline-5678"));
  const deferred = <T,>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  beforeEach(() => {
    mockMakeActive.mockReset();
    mockLinkAccount.mockReset();
    mockRequestLinkToken.mockReset();
    mockLoadAccounts.mockResolvedValue({ ok: true, accounts: two });
  });

  it("make active: disabled from the press to the answer, one write for a double press; cut by the deadline, said with the reference and enabled again", async () => {
    const answer = deferred<unknown>();
    mockMakeActive.mockReturnValueOnce(answer.promise);
    render(<BankPage {...props} initialAccounts={two} />);
    const button = screen.getByRole("button", { name: "Make Rent ••0002 active" });
    await userEvent.dblClick(button);
    expect(button).toBeDisabled();
    expect(screen.getByRole("button", { name: "Link a bank account" })).toBeDisabled();
    expect(mockMakeActive).toHaveBeenCalledTimes(1);

    await act(async () => answer.reject(cut()));
    expect(await screen.findByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-5678"));
    expect(button).toBeEnabled();
    expect(screen.getByRole("button", { name: "Link a bank account" })).toBeEnabled();

    // A retry of the same change carries the same key (the API makes it once); answered, it is said.
    mockMakeActive.mockResolvedValueOnce({ ok: true });
    await userEvent.click(button);
    expect(mockMakeActive.mock.calls[1]![1]).toBe(mockMakeActive.mock.calls[0]![1]);
    expect(await screen.findByRole("status")).toHaveTextContent("Rent ••0002 is now your active account.");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("make active: any other throw is the page's own failure, enabled again", async () => {
    mockMakeActive.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    render(<BankPage {...props} initialAccounts={two} />);
    await userEvent.click(screen.getByRole("button", { name: "Make Rent ••0002 active" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not change your active account. Please try again.");
    expect(screen.getByRole("button", { name: "Make Rent ••0002 active" })).toBeEnabled();
  });

  it("link: Plaid's success whose write is cut by the deadline is said with the reference, and the page is not left busy", async () => {
    mockRequestLinkToken.mockResolvedValueOnce({ ok: true, linkToken: "link-sandbox-1" });
    const answer = deferred<unknown>();
    mockLinkAccount.mockReturnValueOnce(answer.promise);
    render(<BankPage {...props} initialAccounts={[]} />);
    const link = screen.getByRole("button", { name: "Link a bank account" });
    await userEvent.click(link);
    await userEvent.click(await screen.findByRole("button", { name: "Finish linking" }));
    expect(link).toBeDisabled();
    await act(async () => answer.reject(cut()));
    expect(await screen.findByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-5678"));
    await waitFor(() => expect(link).toBeEnabled());
  });

  it.each([
    [
      "the API refused the account (invalid)",
      { ok: false, reason: "invalid" },
      "Only checking and savings accounts can be used. Please choose another account.",
    ],
    [
      "the API refused it by a rule",
      { ok: false, reason: "refused" },
      "Only checking and savings accounts can be used. Please choose another account.",
    ],
    // Issue 51: no answer (read back, not found) blames nothing on the account.
    ["no answer, nothing linked", { ok: false, reason: "failed" }, "We could not link this account. Please try again."],
  ])("link: %s is said as such", async (_, result, words) => {
    mockRequestLinkToken.mockResolvedValueOnce({ ok: true, linkToken: "link-sandbox-1" });
    mockLinkAccount.mockResolvedValueOnce(result);
    render(<BankPage {...props} initialAccounts={[]} />);
    await userEvent.click(screen.getByRole("button", { name: "Link a bank account" }));
    await userEvent.click(await screen.findByRole("button", { name: "Finish linking" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(words);
    if (result.reason === "failed") expect(alert).not.toHaveTextContent(/checking and savings/);
    expect(screen.getByRole("button", { name: "Link a bank account" })).toBeEnabled();
  });

  it("link: the link token cut by the deadline is said with the reference, the button enabled again", async () => {
    mockRequestLinkToken.mockRejectedValueOnce(cut());
    render(<BankPage {...props} initialAccounts={[]} />);
    await userEvent.click(screen.getByRole("button", { name: "Link a bank account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-5678"));
    expect(screen.getByRole("button", { name: "Link a bank account" })).toBeEnabled();
  });
});

/** Issue 52 (CLS): back from OAuth, the notice's box is in the server's HTML, so its answer moves nothing below it. */
it("back from OAuth: the server's HTML says the link is being finished in a box sized for the answer; with no pending link the answer fills it", async () => {
  const { renderToString } = await import("react-dom/server");
  const html = renderToString(<BankPage {...props} initialAccounts={[]} oauthReturn />);
  expect(html).toContain("Finishing your bank link…");
  // The hidden copy that sizes the box is the longer answer, unheard.
  expect(html).toMatch(/<p aria-hidden="true" class="invisible[^"]*">We could not finish linking your bank\. Please link it again\.<\/p>/);

  window.sessionStorage.clear();
  render(<BankPage {...props} initialAccounts={[]} oauthReturn />);
  expect(await screen.findByRole("alert")).toHaveTextContent("We could not finish linking your bank. Please link it again.");
  expect(screen.queryByText("Finishing your bank link…")).toBeNull();
});
