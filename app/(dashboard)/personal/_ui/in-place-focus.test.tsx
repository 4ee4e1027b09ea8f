/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ERROR_SUMMARY_TITLE } from "@/components/forms";
import type { PersonalActionResult } from "../actions";
import type { AccountDetails } from "../saved-values";
import { AccountSettings } from "./account-settings";
import { IdentityChange } from "./identity-change";
import { LoanRequestChange } from "./loan-request-change";
import { PersonalDetailsForm } from "./personal-details-form";

/**
 * Issue 50: every form that opens in place on /personal (the review's "Change your loan" and
 * "Correct name, birth date or SSN", "Edit contact details") takes focus to its first field when it
 * opens and gives it back to its button when it closes — Cancel, Escape or a save — and a save or
 * the one-press state fix says its result in a polite live region.
 */
const answers: PersonalActionResult[] = [];
const answer = async (): Promise<PersonalActionResult> => answers.shift() ?? { ok: true };
jest.mock("../actions", () => ({
  updateLoanRequest: () => answer(),
  correctIdentity: () => answer(),
  saveAccountSettings: () => answer(),
  submitPersonalDetails: () => answer(),
  changeStateOfResidence: () => answer(),
}));
const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: mockRefresh }) }));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshAndFollow: jest.fn(async () => null) }));
// The address fields load Google's Maps API through next/dynamic; without a key nothing is loaded.
jest.mock("next/dynamic", () => () => () => null);

// The form and its schema load on demand (a dynamic import): slow on a loaded 2-core machine, not a hang.
jest.setTimeout(20_000);

beforeEach(() => {
  answers.length = 0;
  mockRefresh.mockClear();
});

const loan = { amount: 4000, reason: "Home Improvements", other: null, state: "CA" };
const details: AccountDetails = {
  name: "Ada Lovelace",
  birthdate: "12/10/1990",
  ssnLastFour: "6789",
  address: "1 Main St",
  unit: null,
  addrCity: "Sacramento",
  addrStateAbbr: "CA",
  addrPostalCode: "95814",
  addrStreetNumber: "1",
  addrStreetName: "Main St",
  addrCountry: "US",
  lat: 1,
  lng: 2,
  personal_email: null,
  phone_number: "5551234567",
  phoneShown: "(555) 123-4567",
  homePhoneShown: "",
};

const status = () =>
  screen
    .getAllByRole("status")
    .map((s) => s.textContent)
    .join(" ");

describe.each([
  {
    form: "Change your loan",
    render: () => render(<LoanRequestChange saved={loan} homeState="CA" />),
    firstField: () => screen.getByLabelText("How much would you like to borrow?"),
  },
  {
    form: "Correct name, birth date or SSN",
    render: () =>
      render(
        <IdentityChange
          saved={{ given_name: "Ada", middle_name: null, family_name: "Lovelace", birthdate: "1990-12-10" }}
          ssnLastFour="6789"
        />,
      ),
    firstField: () => screen.getByLabelText("First name"),
  },
  {
    form: "Edit contact details",
    render: () => render(<AccountSettings details={details} />),
    firstField: () => screen.getByRole("combobox", { name: "Street address" }),
  },
])("$form", ({ form, render: draw, firstField }) => {
  const opener = () => screen.getByRole("button", { name: form });

  it("opens at its first field; Cancel gives focus back to its button", async () => {
    const user = userEvent.setup();
    draw();
    await user.click(opener());
    expect(firstField()).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(opener()).toHaveFocus();
  });

  it("Escape closes it and gives focus back to its button", async () => {
    const user = userEvent.setup();
    draw();
    await user.click(opener());
    await user.keyboard("{Escape}");
    expect(opener()).toHaveFocus();
  });

  it("a save closes it, gives focus back to its button and says it was saved in a live region", async () => {
    const user = userEvent.setup();
    draw();
    const live = screen.getAllByRole("status");
    await user.click(opener());
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(opener()).toHaveFocus());
    expect(mockRefresh).toHaveBeenCalled();
    // The same region that was in the page before the save, now with the message.
    expect(live.some((region) => region.isConnected && /saved|is now/.test(region.textContent ?? ""))).toBe(true);
  });
});

it("the loan change says what the loan is now", async () => {
  const user = userEvent.setup();
  render(<LoanRequestChange saved={loan} homeState="CA" />);
  await user.click(screen.getByRole("button", { name: "Change your loan" }));
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  await waitFor(() => expect(status()).toBe("Your loan is now $4,000.00, for Home Improvements, in California."));
});

it("the loan change refused for its state: the error summary at the top of the form takes focus and names the field", async () => {
  const user = userEvent.setup();
  answers.push({ ok: false, reason: "invalid", fieldErrors: { state: "Your state of residence must be your home address's" } });
  render(<LoanRequestChange saved={loan} homeState="CA" />);
  await user.click(screen.getByRole("button", { name: "Change your loan" }));
  await user.click(screen.getByRole("button", { name: "Save changes" }));
  const summary = await screen.findByRole("group", { name: ERROR_SUMMARY_TITLE });
  expect(summary).toHaveFocus();
  expect(summary).toHaveAccessibleDescription("Your state of residence must be your home address's");
  expect(screen.getByRole("form", { name: "Change your loan" }).firstElementChild).toBe(summary);
  await user.click(screen.getByRole("link", { name: "Your state of residence must be your home address's" }));
  expect(screen.getByLabelText("State of residence")).toHaveFocus();
});

it("the one-press state fix says the new state in a live region and puts focus on the address's state", async () => {
  const user = userEvent.setup();
  render(
    <PersonalDetailsForm
      saved={{
        given_name: "Ada",
        middle_name: null,
        family_name: "Lovelace",
        birthdate: "1990-12-10",
        address: "1 Main St",
        unit: null,
        addrCity: "Chicago",
        addrStateAbbr: "IL",
        addrPostalCode: "60601",
        personal_email: null,
        phone_number: "5551234567",
        home_phone_number: null,
        how_you_heard: null,
        referral_code: null,
        salary: 50000,
        additionalIncome: null,
        amount: 4000,
        stateOfResidence: "CA",
      }}
    />,
  );
  const live = screen.getAllByRole("status");
  await user.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
  await waitFor(() => expect(screen.getByLabelText("State")).toHaveFocus());
  expect(live.map((region) => region.textContent)).toContain("Your state of residence is now Illinois.");
  expect(screen.queryByRole("button", { name: /Change my state of residence/ })).toBeNull();
});
