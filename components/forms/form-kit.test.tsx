/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MONEY_REFUSALS } from "./money-refusal";
import { z } from "zod";
import { email, money, optionalMoney, personName, phone, ssn, text } from "@/lib/forms/fields";
import { PAGE_LOAD_FAILED_TEXT } from "@/components/app-shell/page-load-messages";
import { OFFLINE_AT_SUBMIT_TEXT, SEND_FAILED_TEXT } from "./submit-messages";
import { deadlineActionBody } from "@/lib/observability/deadline-answer";
import {
  DateField,
  ERROR_SUMMARY_TITLE,
  Form,
  FormError,
  MoneyField,
  PhoneField,
  SsnField,
  SubmitButton,
  TextField,
  lazySchema,
  loadedSchema,
  useZodForm,
  type Draft,
  type SchemaSource,
} from ".";

const schema = z.object({
  given_name: personName({ required: "Enter your first name" }),
  email: email({ required: "Enter your e-mail" }),
  phone_number: phone({ required: "Enter your phone number" }),
  ssn: ssn({ required: "Enter your SSN" }),
  salary: money({ required: "Enter your salary" }, { min: 0, max: 10_000_000 }),
  additionalIncome: optionalMoney({}, { max: 10_000_000 }),
  note: text({ required: "Enter a note" }),
  startDate: z.string().nullable(),
});
type In = z.input<typeof schema>;

const empty: Draft<In> = {
  given_name: "",
  email: "",
  phone_number: "",
  ssn: "",
  salary: null,
  additionalIncome: null,
  note: "",
  startDate: null,
};

const ready = loadedSchema(schema);

function Harness({
  onSubmit,
  initial = empty,
  source = ready,
}: {
  onSubmit: (v: z.output<typeof schema>) => Promise<void> | void;
  initial?: Draft<In>;
  source?: SchemaSource<typeof schema>;
}) {
  const form = useZodForm({ schema: source, initialValues: initial, onSubmit: (v) => onSubmit(v) });
  return (
    <Form form={form} aria-label="Test form">
      <TextField form={form} name="given_name" label="First name" kind="name" />
      <TextField form={form} name="email" label="E-mail" kind="email" />
      <PhoneField form={form} name="phone_number" label="Phone" />
      <SsnField form={form} name="ssn" label="SSN" />
      <MoneyField form={form} name="salary" label="Salary" />
      <MoneyField form={form} name="additionalIncome" label="Additional income" optional />
      <TextField form={form} name="note" label="Note" />
      <DateField form={form} name="startDate" label="Start date" optional />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending}>Save</SubmitButton>
      <output data-testid="values">{JSON.stringify(form.values)}</output>
      <output data-testid="in-use">{String(form.inUse)}</output>
    </Form>
  );
}

const values = () => JSON.parse(screen.getByTestId("values").textContent ?? "{}") as Draft<In>;
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function paste(el: HTMLInputElement, text: string) {
  // user-event's paste respects maxlength like a browser, which is what the phone field must handle.
  return userEvent
    .setup()
    .click(el)
    .then(() => userEvent.paste(text));
}

describe("form kit fields: shown vs stored", () => {
  it.each([
    ["phone typed", /phone/i, "5551234567", "(555) 123-4567", "5551234567"],
    ["phone typed with separators", /phone/i, "555-123-4567", "(555) 123-4567", "5551234567"],
    ["phone extra digits stop at 14 characters", /phone/i, "555123456789", "(555) 123-4567", "5551234567"],
    ["phone partial", /phone/i, "5551", "(555) 1", "5551"],
    ["ssn typed", /ssn/i, "123456789", "123-45-6789", "123456789"],
    ["ssn partial", /ssn/i, "1234", "123-4", "1234"],
    ["ssn letters ignored", /ssn/i, "12a3b45", "123-45", "12345"],
    ["money thousands", /^salary/i, "45000", "45,000", 45000],
    ["money millions with cents", /^salary/i, "1234567.891", "1,234,567.89", 1234567.89],
    ["money refuses a minus", /^salary/i, "-12", "12", 12],
    ["name capitalised", /first name/i, "mary ann", "Mary ann", "Mary ann"],
    ["name keeps inner capitals", /first name/i, "mcDonald", "McDonald", "McDonald"],
    ["e-mail lowercased", /e-mail/i, "Jane.Doe@Example.COM", "jane.doe@example.com", "jane.doe@example.com"],
  ])("%s", async (_case, label, typed, shown, stored) => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    await user.type(input(label), typed);
    expect(input(label)).toHaveValue(shown);
    const key = input(label).name as keyof In;
    expect(values()[key]).toEqual(stored);
  });

  it.each([
    ["a full number with +1", "+1 (555) 123-4567", "(555) 123-4567", "5551234567"],
    ["a full number with +", "+5551234567", "(555) 123-4567", "5551234567"],
    ["bare digits", "5551234567", "(555) 123-4567", "5551234567"],
    ["dotted", "555.123.4567", "(555) 123-4567", "5551234567"],
  ])("phone on paste: %s", async (_case, pasted, shown, stored) => {
    render(<Harness onSubmit={jest.fn()} />);
    await paste(input(/phone/i), pasted);
    expect(input(/phone/i)).toHaveValue(shown);
    expect(values().phone_number).toBe(stored);
  });

  it.each([
    [/ssn/i, "123-45-6789", "123-45-6789", "123456789"],
    [/^salary/i, "45,000.50", "45,000.50", 45000.5],
    [/^salary/i, "1234567", "1,234,567", 1234567],
    [/e-mail/i, "  Jane@Example.com ", "jane@example.com", "jane@example.com"],
    [/first name/i, "élodie", "Élodie", "Élodie"],
  ])("on paste into %p: %p", async (label, pasted, shown, stored) => {
    render(<Harness onSubmit={jest.fn()} />);
    await paste(input(label), pasted);
    expect(input(label)).toHaveValue(shown);
    expect(values()[input(label).name as keyof In]).toEqual(stored);
  });

  it("shows stored values formatted", () => {
    render(
      <Harness
        onSubmit={jest.fn()}
        initial={{ ...empty, phone_number: "5551234567", ssn: "123456789", salary: 85000, additionalIncome: 1200.5 }}
      />,
    );
    expect(input(/phone/i)).toHaveValue("(555) 123-4567");
    expect(input(/ssn/i)).toHaveValue("123-45-6789");
    expect(input(/^salary/i)).toHaveValue("85,000");
    expect(input(/additional income/i)).toHaveValue("1,200.5");
  });

  it("maxlength: 524288 for text by default, 14 for the phone", () => {
    render(<Harness onSubmit={jest.fn()} />);
    expect(input(/^note/i)).toHaveAttribute("maxlength", "524288");
    expect(input(/first name/i)).toHaveAttribute("maxlength", "524288");
    expect(input(/phone/i)).toHaveAttribute("maxlength", "14");
  });
});

describe("caret", () => {
  it("phone: typing in the middle keeps the caret after the typed digit", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} initial={{ ...empty, phone_number: "555123456" }} />);
    const el = input(/phone/i);
    expect(el).toHaveValue("(555) 123-456");
    // Caret after "(555) 1", type 9: (555) 191-2345 … the caret sits right after the 9.
    await user.click(el);
    el.setSelectionRange(7, 7);
    await user.keyboard("9");
    expect(el).toHaveValue("(555) 192-3456");
    expect(el.selectionStart).toBe(8);
  });

  it("phone: typing the fourth digit jumps over the inserted separator", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    const el = input(/phone/i);
    await user.type(el, "5551");
    expect(el).toHaveValue("(555) 1");
    expect(el.selectionStart).toBe(7);
  });

  it("money: a comma appearing before the caret keeps the caret after the typed digit", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} initial={{ ...empty, salary: 500 }} />);
    const el = input(/^salary/i);
    await user.click(el);
    el.setSelectionRange(1, 1);
    await user.keyboard("1");
    expect(el).toHaveValue("5,100");
    expect(el.selectionStart).toBe(3);
  });

  it("name: capitalising the first letter does not move the caret", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} initial={{ ...empty, given_name: "ohn" }} />);
    const el = input(/first name/i);
    await user.click(el);
    el.setSelectionRange(0, 0);
    await user.keyboard("j");
    expect(el).toHaveValue("John");
    expect(el.selectionStart).toBe(1);
  });

  it("e-mail: lower-casing in the middle keeps the caret; a trimmed leading space moves it left", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} initial={{ ...empty, email: "ja@example.com" }} />);
    const el = input(/e-mail/i);
    await user.click(el);
    el.setSelectionRange(2, 2);
    await user.keyboard("NE");
    expect(el).toHaveValue("jane@example.com");
    expect(el.selectionStart).toBe(4);
    el.setSelectionRange(0, 0);
    await user.keyboard(" ");
    expect(el).toHaveValue("jane@example.com");
    expect(el.selectionStart).toBe(0);
  });
});

describe("errors", () => {
  it("shows no error before a field is visited, shows it below the field after leaving it, and clears it once valid", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    const el = input(/phone/i);
    expect(screen.queryByText(/10-digit/)).toBeNull();
    await user.type(el, "555");
    await user.tab();
    const error = screen.getByText("Enter a 10-digit US phone number");
    expect(el).toHaveAttribute("aria-invalid", "true");
    expect(el).toHaveAccessibleDescription("Enter a 10-digit US phone number");
    // Below the field: the error follows the input in document order.
    expect(el.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.type(el, "1234567");
    expect(screen.queryByText("Enter a 10-digit US phone number")).toBeNull();
    expect(el).toHaveAttribute("aria-invalid", "false");
  });

  it("a submit with errors shows every error under its field, focuses the error summary at the top and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).not.toHaveBeenCalled();
    const messages = [
      "Enter your first name",
      "Enter your e-mail",
      "Enter your phone number",
      "Enter your SSN",
      "Enter your salary",
      "Enter a note",
    ];
    for (const message of messages) {
      expect(screen.getByText(message, { selector: "[data-field-error]" })).toBeInTheDocument();
    }
    expect(screen.queryByText(/additional/i, { selector: "[data-field-error]" })).toBeNull();
    // GOV.UK's error summary: first in the form, focused, read as its title and the list of errors.
    const summary = screen.getByRole("group", { name: ERROR_SUMMARY_TITLE });
    expect(summary).toHaveFocus();
    expect(summary).toHaveAccessibleDescription(messages.join(" "));
    const form = screen.getByRole("form", { name: "Test form" });
    expect(form.firstElementChild).toBe(summary);
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(messages);
  });

  it("each link of the error summary takes focus to its field; the summary follows the fields and goes when all are valid", async () => {
    const user = userEvent.setup();
    render(
      <Harness onSubmit={jest.fn()} initial={{ ...empty, given_name: "Ann", email: "ann@example.com", ssn: "123456789", salary: 1 }} />,
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(["Enter your phone number", "Enter a note"]);
    await user.click(screen.getByRole("link", { name: "Enter a note" }));
    expect(input(/^note/i)).toHaveFocus();
    await user.keyboard("n");
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(["Enter your phone number"]);
    await user.click(screen.getByRole("link", { name: "Enter your phone number" }));
    expect(input(/phone/i)).toHaveFocus();
    await user.keyboard("5551234567");
    expect(screen.queryByRole("group", { name: ERROR_SUMMARY_TITLE })).toBeNull();
  });

  it("tabbing through the whole empty form shows no error: only a field changed and left, or a submit, shows one (issue 50)", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    act(() => input(/first name/i).focus());
    for (let i = 0; i < 10; i++) await user.tab();
    expect(document.querySelectorAll("[data-field-error]")).toHaveLength(0);
    expect(screen.queryAllByRole("textbox").filter((el) => el.getAttribute("aria-invalid") === "true")).toEqual([]);
    await user.click(input(/^note/i));
    await user.keyboard("x{Backspace}");
    await user.tab();
    expect(screen.getByText("Enter a note", { selector: "[data-field-error]" })).toBeInTheDocument();
    expect(document.querySelectorAll("[data-field-error]")).toHaveLength(1);
  });

  it("a failed submit with no field in error (the server's or the network's message) focuses the form's message", async () => {
    const user = userEvent.setup();
    function ServerRefuses() {
      const form = useZodForm({
        schema: ready,
        initialValues: {
          ...empty,
          given_name: "Ann",
          email: "ann@example.com",
          phone_number: "5551234567",
          ssn: "123456789",
          salary: 1,
          note: "n",
        },
        onSubmit: (_v, { setFormError }) => setFormError("We couldn't save your details."),
      });
      return (
        <Form form={form} aria-label="Refused form">
          <TextField form={form} name="note" label="Note" />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Save</SubmitButton>
        </Form>
      );
    }
    render(<ServerRefuses />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("We couldn't save your details.");
    expect(screen.queryByRole("group", { name: ERROR_SUMMARY_TITLE })).toBeNull();
  });

  it("an error the server puts under a field is listed in the summary, which takes focus (the review's refused loan change)", async () => {
    const user = userEvent.setup();
    function ServerField() {
      const form = useZodForm({
        schema: ready,
        initialValues: {
          ...empty,
          given_name: "Ann",
          email: "ann@example.com",
          phone_number: "5551234567",
          ssn: "123456789",
          salary: 1,
          note: "n",
        },
        onSubmit: async (_v, { setFieldError }) => {
          await Promise.resolve();
          setFieldError("note", "This note is refused");
        },
      });
      return (
        <Form form={form} aria-label="Server form">
          <TextField form={form} name="note" label="Note" />
          <SubmitButton pending={form.pending}>Save</SubmitButton>
        </Form>
      );
    }
    render(<ServerField />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const summary = await screen.findByRole("group", { name: ERROR_SUMMARY_TITLE });
    expect(summary).toHaveFocus();
    expect(summary).toHaveAccessibleDescription("This note is refused");
  });
  it("pressing Save right after leaving a field shows that field's error only after the click: the submit is not lost, every error shows at once", async () => {
    // In a browser the error line appearing on blur pushes Save down between press and release,
    // and the click never comes: only the left field's error showed (errors "in rounds").
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    const note = input(/^note/i);
    const save = screen.getByRole("button", { name: "Save" });
    act(() => note.focus()); // the form's first use
    fireEvent.change(note, { target: { value: " " } }); // typed in (a space is no note)
    fireEvent.pointerDown(save);
    fireEvent.mouseDown(save);
    fireEvent.blur(note, { relatedTarget: save });
    save.focus();
    expect(screen.queryByText("Enter a note")).toBeNull(); // nothing moved under the pointer
    fireEvent.pointerUp(save);
    fireEvent.mouseUp(save);
    fireEvent.click(save);
    for (const message of ["Enter your first name", "Enter your e-mail", "Enter your phone number", "Enter your SSN", "Enter a note"]) {
      expect(await screen.findByText(message, { selector: "[data-field-error]" })).toBeInTheDocument();
    }
    expect(screen.getByRole("group", { name: ERROR_SUMMARY_TITLE })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("leaving a field for a button without a tracked press (a tap) still shows its error, after the tap's click", async () => {
    render(<Harness onSubmit={jest.fn()} />);
    const note = input(/^note/i);
    act(() => note.focus()); // the form's first use
    fireEvent.change(note, { target: { value: " " } });
    fireEvent.blur(note, { relatedTarget: screen.getByRole("button", { name: "Save" }) });
    expect(screen.queryByText("Enter a note")).toBeNull();
    expect(await screen.findByText("Enter a note")).toBeInTheDocument();
  });
});

describe("SSN shown as dots until Show is pressed", () => {
  it("is drawn concealed, a named button shows and hides it, and the digits typed are kept either way", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    const ssnInput = input(/^ssn/i);
    expect(ssnInput).toHaveAttribute("data-concealed", "true");
    expect(ssnInput.className).toContain("[-webkit-text-security:disc]");
    expect(ssnInput).toHaveAttribute("inputmode", "numeric"); // the keypad a password input would lose
    await user.type(ssnInput, "123456789");
    const show = screen.getByRole("button", { name: "Show SSN" });
    expect(show).toHaveAttribute("aria-controls", ssnInput.id);
    await user.click(show);
    expect(ssnInput).not.toHaveAttribute("data-concealed");
    expect(ssnInput).toHaveValue("123-45-6789");
    expect(screen.getByRole("button", { name: "Hide SSN" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Hide SSN" }));
    expect(ssnInput).toHaveAttribute("data-concealed", "true");
    expect(values().ssn).toBe("123456789");
  });
});

describe("drafts", () => {
  function DraftHarness({ onSubmit = jest.fn(), initial = empty }: { onSubmit?: jest.Mock; initial?: Draft<In> }) {
    const form = useZodForm({
      schema: ready,
      initialValues: initial,
      draft: { key: "test-form:ann", omit: ["ssn"] },
      onSubmit: async (v, helpers) => {
        await onSubmit(v);
        helpers.clearDraft();
      },
    });
    return (
      <Form form={form} aria-label="Draft form">
        <TextField form={form} name="given_name" label="First name" kind="name" />
        <TextField form={form} name="email" label="E-mail" kind="email" />
        <PhoneField form={form} name="phone_number" label="Phone" />
        <SsnField form={form} name="ssn" label="SSN" />
        <MoneyField form={form} name="salary" label="Salary" />
        <TextField form={form} name="note" label="Note" />
        {form.restoredDraft && <p>restored</p>}
        <SubmitButton pending={form.pending}>Save</SubmitButton>
      </Form>
    );
  }
  afterEach(() => sessionStorage.clear());

  it("what was typed survives a reload (a new mount), except the SSN; nothing is kept before anything is typed", async () => {
    const user = userEvent.setup();
    const first = render(<DraftHarness />);
    expect(sessionStorage.length).toBe(0);
    await user.type(input(/first name/i), "ann");
    await user.type(input(/salary/i), "52000");
    await user.type(input(/ssn/i), "123456789");
    expect(JSON.stringify(sessionStorage)).not.toContain("123456789");
    expect(Object.values({ ...sessionStorage }).join()).not.toContain("123456789");
    first.unmount();

    render(<DraftHarness />);
    expect(await screen.findByText("restored")).toBeInTheDocument();
    expect(input(/first name/i)).toHaveValue("Ann");
    expect(input(/salary/i)).toHaveValue("52,000");
    expect(input(/ssn/i)).toHaveValue("");
    expect(screen.queryByText(/Enter/, { selector: "[data-field-error]" })).toBeNull();
  });

  it("a keystroke writes nothing to storage in its own frame: the draft is written when idle, or at once when the page is hidden", async () => {
    const setItem = jest.spyOn(Storage.prototype, "setItem");
    try {
      render(<DraftHarness />);
      await act(async () => {});
      act(() => {
        fireEvent.change(input(/first name/i), { target: { value: "a" } });
      });
      expect(input(/first name/i)).toHaveValue("A");
      expect(setItem).not.toHaveBeenCalled();
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(setItem).toHaveBeenCalledTimes(1);
      expect(sessionStorage.getItem("form-draft:test-form:ann")).toContain('"given_name":"A"');

      act(() => {
        fireEvent.change(input(/first name/i), { target: { value: "An" } });
      });
      expect(setItem).toHaveBeenCalledTimes(1);
      act(() => {
        window.dispatchEvent(new Event("pagehide"));
      });
      expect(setItem).toHaveBeenCalledTimes(2);
      expect(sessionStorage.getItem("form-draft:test-form:ann")).toContain('"given_name":"An"');
    } finally {
      setItem.mockRestore();
    }
  });

  it("a successful submit forgets the draft", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const first = render(<DraftHarness onSubmit={onSubmit} />);
    await user.type(input(/first name/i), "ann");
    await user.type(input(/e-mail/i), "ann@example.com");
    await user.type(input(/phone/i), "5551234567");
    await user.type(input(/ssn/i), "123456789");
    await user.type(input(/salary/i), "52000");
    await user.type(input(/^note/i), "hello");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem("form-draft:test-form:ann")).toBeNull();
    first.unmount();
    render(<DraftHarness />);
    await act(async () => {});
    expect(input(/first name/i)).toHaveValue("");
    expect(screen.queryByText("restored")).toBeNull();
  });
});

describe("submit", () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(input(/first name/i), "jane");
    await user.type(input(/e-mail/i), " Jane@Example.com");
    await user.type(input(/phone/i), "5551234567");
    await user.type(input(/ssn/i), "123456789");
    await user.type(input(/^salary/i), "52000.5");
    await user.type(input(/^note/i), "  hello  ");
  }

  it("sends the schema's output: digits, numbers, trimmed and normalised text", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith({
      given_name: "Jane",
      email: "jane@example.com",
      phone_number: "5551234567",
      ssn: "123456789",
      salary: 52000.5,
      additionalIncome: null,
      note: "hello",
      startDate: null,
    });
  });

  it("a double submit sends one request and the button says it is pending", async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    await fill(user);
    const button = screen.getByRole("button", { name: "Save" });
    const form = screen.getByRole("form", { name: "Test form" });
    // Two submits in the same tick, before React re-renders the disabled button.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await act(async () => {});
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent("Saving…");
    expect(button).toBeDisabled();
    expect(form).toHaveAttribute("aria-busy", "true");
    await act(async () => finish());
    expect(button).toHaveTextContent("Save");
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

describe("offline at submit (issue 44)", () => {
  const setOnline = (online: boolean) => Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  afterEach(() => setOnline(true));

  async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
    await user.type(input(/first name/i), "jane");
    await user.type(input(/e-mail/i), "jane@example.com");
    await user.type(input(/phone/i), "5551234567");
    await user.type(input(/ssn/i), "123456789");
    await user.type(input(/^salary/i), "52000");
    await user.type(input(/^note/i), "hello");
  }

  it("offline: nothing is sent, it is said, nothing typed is lost, and it is sent once the browser is back online", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await fillRequired(user);
    setOnline(false);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_AT_SUBMIT_TEXT);
    expect(values()).toMatchObject({ given_name: "Jane", ssn: "123456789", salary: 52000 });
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    // A second click while still offline does not queue a second send.
    await user.click(screen.getByRole("button", { name: "Save" }));
    setOnline(true);
    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ given_name: "Jane", ssn: "123456789" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("the action's fetch failing (the network) while online: said, the button enabled again, nothing typed lost", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<Harness onSubmit={onSubmit} />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent(SEND_FAILED_TEXT);
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    expect(values()).toMatchObject({ given_name: "Jane", ssn: "123456789" });
  });
});

describe("a submit cut by the server's request deadline (issue 51)", () => {
  it("the form says so with the request id as its reference, the button enabled again; a retry of the same values keeps its key", async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    let cut = true;
    function KeyHarness() {
      const form = useZodForm({
        schema: loadedSchema(z.object({ note: text({ required: "Enter a note" }) })),
        initialValues: { note: "x" },
        onSubmit: async (_v, { idempotencyKey }) => {
          keys.push(idempotencyKey);
          // What Next's client throws for the deadline's text/plain answer (lib/observability/request-scope.ts).
          if (cut) throw new Error(deadlineActionBody("req-deadline-1234"));
        },
      });
      return (
        <Form form={form} aria-label="D">
          <TextField form={form} name="note" label="Note" />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Save</SubmitButton>
        </Form>
      );
    }
    render(<KeyHarness />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/could not confirm this in time.*Reference: req-deadline-1234/);
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    cut = false;
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("any other error the action throws still reaches the error boundary (not swallowed as a deadline)", async () => {
    const user = userEvent.setup();
    const errors: unknown[] = [];
    const onSubmit = jest.fn(async () => {
      throw new Error("An unexpected response was received from the server.");
    });
    function Catching() {
      const form = useZodForm({
        schema: loadedSchema(z.object({ note: text({ required: "Enter a note" }) })),
        initialValues: { note: "x" },
        onSubmit,
      });
      return (
        <form aria-label="E" onSubmit={(e) => void form.handleSubmit(e).catch((error: unknown) => errors.push(error))}>
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Save</SubmitButton>
        </form>
      );
    }
    render(<Catching />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([new Error("An unexpected response was received from the server.")]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("server errors", () => {
  function ServerHarness({ answer }: { answer: "field" | "form" }) {
    const form = useZodForm({
      schema: loadedSchema(z.object({ note: text({ required: "Enter a note" }) })),
      initialValues: { note: "x" },
      onSubmit: (_v, { setFieldError, setFormError }) => {
        if (answer === "field") setFieldError("note", "That note is not allowed");
        else setFormError("We could not save your changes. Please try again.");
      },
    });
    return (
      <Form form={form} aria-label="S">
        <TextField form={form} name="note" label="Note" />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Save</SubmitButton>
      </Form>
    );
  }

  it("a field error from the server shows under the field until the field changes", async () => {
    const user = userEvent.setup();
    render(<ServerHarness answer="field" />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("That note is not allowed");
    await user.type(screen.getByLabelText("Note"), "y");
    expect(screen.queryByText("That note is not allowed")).toBeNull();
  });

  it("a form error is announced", async () => {
    const user = userEvent.setup();
    render(<ServerHarness answer="form" />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent("We could not save your changes. Please try again.");
  });
});

describe("money keeps what was typed", () => {
  it.each([
    ["45000.", "45,000.", 45000],
    ["45000.50", "45,000.50", 45000.5],
    ["0.05", "0.05", 0.05],
  ])("%p shows %p and stores %p", async (typed, shown, stored) => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    await user.type(input(/^salary/i), typed);
    expect(input(/^salary/i)).toHaveValue(shown);
    expect(values().salary).toBe(stored);
  });

  it("clearing the field stores null", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} initial={{ ...empty, salary: 1200 }} />);
    await user.clear(input(/^salary/i));
    expect(values().salary).toBeNull();
  });
});

describe("deleting", () => {
  it("backspace removes digits, not the separators, and the stored digits follow", async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={jest.fn()} />);
    const el = input(/phone/i);
    await user.type(el, "5551");
    await user.keyboard("{Backspace}");
    expect(el).toHaveValue("(555");
    expect(values().phone_number).toBe("555");
    await user.type(input(/ssn/i), "1234{Backspace}{Backspace}");
    expect(input(/ssn/i)).toHaveValue("12");
    expect(values().ssn).toBe("12");
  });
});

const inUse = () => screen.getByTestId("in-use").textContent;

describe("the form's first use: inUse, and the schema loading then (issue 24)", () => {
  /** An import the test settles: the schema chunk arriving, or failing. */
  function deferredImport() {
    const settles: { resolve: (s: typeof schema) => void; reject: (e: Error) => void }[] = [];
    const importer = jest.fn(() => new Promise<typeof schema>((resolve, reject) => settles.push({ resolve, reject })));
    return { importer, last: () => settles.at(-1)! };
  }
  const filled: Draft<In> = {
    ...empty,
    given_name: "Ann",
    email: "ann@example.com",
    phone_number: "5551234567",
    ssn: "123456789",
    salary: 50000,
    note: "n",
  };

  it("is not fetched with the page, but when focus first enters the form; errors follow once it is there", async () => {
    const user = userEvent.setup();
    const { importer, last } = deferredImport();
    render(<Harness onSubmit={jest.fn()} source={lazySchema(importer)} />);
    expect(importer).not.toHaveBeenCalled();
    await user.click(input(/first name/i));
    await user.keyboard("a{Backspace}");
    await user.click(input(/e-mail/i));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(input(/first name/i)).not.toHaveAccessibleDescription();
    await act(async () => last().resolve(schema));
    expect(input(/first name/i)).toHaveAccessibleDescription("Enter your first name");
  });

  it("a touch that moves no focus (a tap between fields) is use too, loaded after the lift and its paint, never while the finger is down; a page only looked at is not", async () => {
    const { importer } = deferredImport();
    render(<Harness onSubmit={jest.fn()} source={lazySchema(importer)} />);
    expect(inUse()).toBe("false");
    fireEvent.pointerDown(screen.getByTestId("values"));
    fireEvent.focusIn(input(/first name/i)); // focus moves on the pointerdown, the finger still down
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // The long task of loading would hold the lift's click (issue 52): nothing starts before it.
    expect(importer).not.toHaveBeenCalled();
    expect(inUse()).toBe("false");
    fireEvent.pointerUp(screen.getByTestId("values"));
    await waitFor(() => expect(inUse()).toBe("true"));
    expect(importer).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(screen.getByTestId("values"));
    fireEvent.pointerUp(screen.getByTestId("values"));
    fireEvent.focusIn(input(/first name/i));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("focus moved by the keyboard (Tab into the form) loads after the next paint", async () => {
    const { importer } = deferredImport();
    render(<Harness onSubmit={jest.fn()} source={lazySchema(importer)} />);
    fireEvent.focusIn(input(/first name/i));
    expect(importer).not.toHaveBeenCalled();
    await waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    expect(inUse()).toBe("true");
  });

  it("focus already inside when the form mounts counts as use, with the schema loaded already or not", () => {
    function Focused({ source }: { source: SchemaSource<typeof schema> }) {
      const form = useZodForm({ schema: source, initialValues: empty, onSubmit: () => undefined });
      return (
        <Form form={form} aria-label="Test form">
          <input aria-label="Search" autoFocus />
          <output data-testid="in-use">{String(form.inUse)}</output>
        </Form>
      );
    }
    const { importer } = deferredImport();
    const { unmount } = render(<Focused source={lazySchema(importer)} />);
    expect(inUse()).toBe("true");
    expect(importer).toHaveBeenCalledTimes(1);
    unmount();
    render(<Focused source={ready} />);
    expect(inUse()).toBe("true");
  });

  it("a submit before it arrived waits for it, then checks and sends as always", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const { importer, last } = deferredImport();
    render(<Harness onSubmit={onSubmit} initial={filled} source={lazySchema(importer)} />);
    fireEvent.submit(screen.getByRole("form", { name: "Test form" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => last().resolve(schema));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ given_name: "Ann", salary: 50000, phone_number: "5551234567" }));
    await user.clear(input(/first name/i));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(input(/first name/i)).toHaveAccessibleDescription("Enter your first name");
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("when it cannot be fetched, the submit says so, loses nothing, and the next submit fetches it again", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const { importer, last } = deferredImport();
    render(<Harness onSubmit={onSubmit} initial={filled} source={lazySchema(importer)} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await act(async () => last().reject(new Error("Failed to load chunk /_next/static/chunks/schema.js")));
    expect(screen.getByRole("alert")).toHaveTextContent(PAGE_LOAD_FAILED_TEXT);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(values().given_name).toBe("Ann");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(importer).toHaveBeenCalledTimes(2);
    await act(async () => last().resolve(schema));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("MoneyField: a minus sign or a letter is refused out loud (issue 42)", () => {
  it.each([
    ["pasted -500", async (el: HTMLInputElement) => paste(el, "-500"), "", MONEY_REFUSALS.negative],
    ["typed 4k", async (el: HTMLInputElement) => userEvent.setup().type(el, "4k"), "4", MONEY_REFUSALS.letters("k")],
    ["pasted 4k", async (el: HTMLInputElement) => paste(el, "4k"), "", MONEY_REFUSALS.letters("k")],
  ])("%s: the reason shows under the field and the form does not submit", async (_, act, shown, message) => {
    const onSubmit = jest.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        initial={{ ...empty, given_name: "Ann", email: "a@b.co", phone_number: "5551234567", ssn: "123456789", note: "n" }}
      />,
    );
    const el = input(/^salary/i);
    await act(el);
    expect(el).toHaveValue(shown);
    expect(el).toHaveAccessibleDescription(expect.stringContaining(message));
    await userEvent.setup().click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("the next accepted change replaces the refusal", async () => {
    render(<Harness onSubmit={jest.fn()} />);
    const user = userEvent.setup();
    await user.type(input(/^salary/i), "4k000");
    expect(input(/^salary/i)).toHaveValue("4,000");
    expect(values().salary).toBe(4000);
    expect(input(/^salary/i)).not.toHaveAccessibleDescription(expect.stringContaining("digits"));
  });
});
