/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { deadlineActionBody, deadlineFormText } from "@/lib/observability/deadline-answer";
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

/** Issue 51: the widget's finish is a write: its button waits for the answer, and no answer is said, never a page left busy. */
describe("the link saved after the widget closes (successfulArgyleUpdate)", () => {
  beforeEach(() => {
    // The widget as the page meets it: the person connects an account and closes it.
    window.Argyle = {
      create: (config) => ({
        open: () => {
          config.onAccountConnected?.({ accountId: "acc-1", userId: "argyle-user-1", itemId: "item-1" });
          config.onClose?.();
        },
        close: () => undefined,
      }),
    };
  });
  afterEach(() => delete window.Argyle);

  const start = jest.fn(async () => ({ ok: true as const, userToken: "t", sandbox: true, flowId: null, argyleEmployerId: null }));

  it("cut by the request deadline: saying so with the reference; the button disabled until then, enabled after", async () => {
    let fail!: (error: unknown) => void;
    const finish = jest.fn(() => new Promise<never>((_resolve, reject) => (fail = reject)));
    render(<PayrollLink {...props} start={start} finish={finish} />);
    await userEvent.click(screen.getByRole("button", { name: "Link payroll account" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saving your payroll link…");
    expect(finish).toHaveBeenCalledWith("argyle-user-1");
    expect(screen.getByRole("button", { name: "Link payroll account" })).toBeDisabled();

    await act(async () => fail(new Error(deadlineActionBody("req-deadline-9012"))));
    expect(screen.getByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-9012"));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("button", { name: "Link payroll account" })).toBeEnabled();
  });

  it("answered: linked, said in the status", async () => {
    const finish = jest.fn(async () => ({ ok: true as const }));
    render(<PayrollLink {...props} start={start} finish={finish} />);
    await userEvent.click(screen.getByRole("button", { name: "Link payroll account" }));
    expect(await screen.findByText("Your payroll account is linked and direct deposit is confirmed.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });
});
