/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmploymentPage, type ChosenEmployer, type EmploymentPageProps } from "./employment-page";
import { PayrollLink } from "./payroll-link";

/**
 * Issue 50 on /employment: the saved employment's Edit and the details form, "Change employer" and
 * the employer search open at their first field and give focus back to their button on Cancel,
 * Escape, "Keep …" or a save, whose result is said in a live region that is always in the page; the
 * payroll widget's dialog keeps the page behind it inert and gives focus back when it closes.
 */
const mockSave = jest.fn();
jest.mock("../actions", () => ({
  checkIslandAction: jest.fn(),
  chooseEmployerAction: jest.fn(),
  finishPayrollLinkAction: jest.fn(async () => ({ ok: true })),
  saveEmploymentAction: (...args: unknown[]) => mockSave(...args),
  startPayrollLinkAction: jest.fn(),
}));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshAndFollow: jest.fn(async () => null) }));
// The employer search is InstantSearch over the directory: here only its field, as the page draws it.
jest.mock("./employer-search", () => ({
  EmployerSearch: ({ autoFocus }: { autoFocus?: boolean }) => <input aria-label="Employer name" autoFocus={autoFocus} />,
}));

// The form and its schema load on demand (a dynamic import): slow on a loaded 2-core machine, not a hang.
jest.setTimeout(20_000);

const employer: ChosenEmployer = {
  employerId: "e1",
  name: "Metro Unified",
  parentName: null,
  argyleEnabled: false,
  argyleDirectDeposit: false,
  childrensHospital: false,
};
const employment = {
  jobTitle: "Teacher",
  employmentStatus: "fullTime",
  startDate: "2015-08-01",
  employeeId: "E1",
  salary: 60000,
  additionalIncome: null,
  payMonths: 12,
  payFrequency: "biweekly",
  ddAccounts: 1,
  activeMilitary: false,
  choaCostCenter: null,
  choaDepartmentExtension: null,
};
const props: EmploymentPageProps = {
  view: "saved",
  employer,
  employment,
  // Before the rate check: the saved details are all editable (after it, only the decision's other details).
  step: "authPrequal",
  config: { appEnv: "local", algolia: { appId: "a", searchKey: "k", indexName: "i" } } as EmploymentPageProps["config"],
  serverOrigin: "http://localhost",
  argyleScriptUrl: "/argyle.js",
};

beforeEach(() => mockSave.mockReset());

it("Edit opens the details at their first field; Cancel and Escape give focus back to Edit", async () => {
  const user = userEvent.setup();
  render(<EmploymentPage {...props} />);
  await user.click(screen.getByRole("button", { name: "Edit" }));
  await waitFor(() => expect(screen.getByLabelText("Job title")).toHaveFocus());
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.getByRole("button", { name: "Edit" })).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Edit" }));
  await waitFor(() => expect(screen.getByLabelText("Job title")).toHaveFocus());
  await user.keyboard("{Escape}");
  expect(screen.getByRole("button", { name: "Edit" })).toHaveFocus();
});

it("a save closes the form, gives focus back to Edit and is said in the live region that was already in the page", async () => {
  const user = userEvent.setup();
  mockSave.mockResolvedValue({ ok: true, nextRoute: null, requirePaystubs: false });
  render(<EmploymentPage {...props} />);
  const live = screen.getByRole("status");
  expect(live).toBeEmptyDOMElement();
  await user.click(screen.getByRole("button", { name: "Edit" }));
  await user.click(await screen.findByRole("button", { name: "Save changes" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Edit" })).toHaveFocus());
  expect(live).toHaveTextContent("Your employment details are saved.");
  expect(live).toBeVisible();
});

it("Change employer opens the search at its field; Keep and Escape give focus back to Change employer", async () => {
  const user = userEvent.setup();
  render(<EmploymentPage {...props} view="details" step="employmentInformation" />);
  const change = () => screen.getByRole("button", { name: "Change employer" });
  await user.click(change());
  await waitFor(() => expect(screen.getByLabelText("Employer name")).toHaveFocus());
  await user.click(screen.getByRole("button", { name: "Keep Metro Unified" }));
  expect(change()).toHaveFocus();
  await user.click(change());
  await waitFor(() => expect(screen.getByLabelText("Employer name")).toHaveFocus());
  await user.keyboard("{Escape}");
  expect(change()).toHaveFocus();
});

it("the h1 carries the step: the details form is heard with its title, step 4 of 10, the saved employment as no step", () => {
  const { unmount } = render(<EmploymentPage {...props} view="details" step="employmentInformation" />);
  expect(screen.getByRole("heading", { level: 1 })).toHaveAccessibleName("Tell us about your job — Step 4 of 10");
  unmount();
  render(<EmploymentPage {...props} />);
  expect(screen.getByRole("heading", { level: 1 })).toHaveAccessibleName("Your employment");
});

describe("the payroll widget's dialog", () => {
  let close: (() => void) | null = null;
  beforeEach(() => {
    // A widget like Argyle's: its dialog is appended to <body> on open, and calls onClose when it goes.
    window.Argyle = {
      create: (config) => ({
        open: () => {
          const dialog = document.createElement("div");
          dialog.setAttribute("role", "dialog");
          dialog.setAttribute("aria-modal", "true");
          const done = document.createElement("button");
          done.textContent = "Done";
          dialog.append(done);
          document.body.append(dialog);
          done.focus();
          close = () => {
            dialog.remove();
            config.onClose?.();
          };
        },
        close: () => close?.(),
      }),
    };
  });
  afterEach(() => {
    delete window.Argyle;
  });

  it("keeps the page behind it inert while open and gives focus back to its button when it closes", async () => {
    const user = userEvent.setup();
    const start = jest.fn(async () => ({ ok: true as const, userToken: "t", sandbox: true, flowId: null, argyleEmployerId: null }));
    const { container } = render(
      <PayrollLink employerName="Metro Unified" scriptUrl="/argyle.js" directDeposit={false} start={start} finish={jest.fn()} />,
    );
    const button = screen.getByRole("button", { name: "Link payroll account" });
    await user.click(button);
    const dialog = await screen.findByRole("dialog");
    expect(container).toHaveAttribute("inert");
    expect(dialog.closest("[inert]")).toBeNull();
    act(() => close?.());
    expect(container).not.toHaveAttribute("inert");
    await waitFor(() => expect(screen.getByRole("button", { name: "Link payroll account" })).toHaveFocus());
  });
});
