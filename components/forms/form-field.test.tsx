/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { integer, oneOf, yesNo } from "@/lib/forms/fields";
import {
  DateField,
  DigitsField,
  Form,
  IntegerField,
  MoneyField,
  PhoneField,
  SelectField,
  SsnField,
  SubmitButton,
  TextField,
  YesNoField,
  loadedSchema,
  useZodForm,
} from ".";

/**
 * Every field of the kit goes through one bound wrapper (FormField): label above, hint, error
 * below tied with aria-describedby / aria-invalid, "(optional)", and a blur that shows the error
 * once the field was changed (never for focus only passing through).
 * One table over every field kind, so no field can drift from the others.
 */
const required = "Required here";
const schema = z.object({
  text: z.string().min(1, required),
  phone: z.string().min(1, required),
  ssn: z.string().min(1, required),
  money: z.number({ error: required }),
  digits: z.string().min(1, required),
  select: oneOf(["a", "b"], { required }),
  integer: integer({ required }, { min: 1, max: 12 }),
  date: z.string({ error: required }),
  yesNo: yesNo({ required }),
});

function Harness() {
  const form = useZodForm({
    schema: loadedSchema(schema),
    initialValues: { text: "", phone: "", ssn: "", money: null, digits: "", select: null, integer: null, date: null, yesNo: null },
    onSubmit: () => undefined,
  });
  return (
    <Form form={form} aria-label="All fields">
      <TextField form={form} name="text" label="Text" hint="Text hint" />
      <PhoneField form={form} name="phone" label="Phone" hint="Phone hint" />
      <SsnField form={form} name="ssn" label="SSN" hint="SSN hint" />
      <MoneyField form={form} name="money" label="Money" hint="Money hint" />
      <DigitsField form={form} name="digits" label="Digits" hint="Digits hint" maxDigits={4} />
      <SelectField
        form={form}
        name="select"
        label="Select"
        hint="Select hint"
        options={[
          { value: "a", label: "A" },
          { value: "b", label: "B" },
        ]}
      />
      <IntegerField form={form} name="integer" label="Integer" hint="Integer hint" />
      <DateField form={form} name="date" label="Date" hint="Date hint" />
      <YesNoField form={form} name="yesNo" label="Yes or no" hint="Yes/no hint" />
      <SubmitButton pending={form.pending}>Save</SubmitButton>
    </Form>
  );
}

const controls = ["Text", "Phone", "SSN", "Money", "Digits", "Select", "Integer", "Date"] as const;

describe("FormField: the one wrapper of every field", () => {
  it.each(controls)("%s: labelled, named, described by its hint; no error before it is visited", (label) => {
    render(<Harness />);
    const control = screen.getByLabelText(label, { exact: true });
    expect(control).toHaveAttribute("name", label === "SSN" ? "ssn" : label.charAt(0).toLowerCase() + label.slice(1).replace(/ /g, ""));
    expect(control).toHaveAccessibleDescription(`${label} hint`);
    expect(control).toHaveAttribute("aria-invalid", "false");
    expect(control).toHaveAttribute("aria-required", "true");
  });

  it.each(controls)(
    "%s: focus passing through shows no error; changed and left empty, the error shows below it, read with it",
    async (label) => {
      const user = userEvent.setup();
      render(<Harness />);
      const control = screen.getByLabelText(label, { exact: true });
      await user.click(control);
      await user.tab();
      expect(control).toHaveAttribute("aria-invalid", "false");
      expect(screen.queryByText(required)).toBeNull();
      // A value, then none: what a person who typed and deleted it leaves behind.
      if (label === "Select") {
        await user.selectOptions(control, "a");
        await user.selectOptions(control, "");
      } else if (label === "Date") {
        fireEvent.change(control, { target: { value: "2020-01-02" } });
        fireEvent.change(control, { target: { value: "" } });
      } else {
        await user.type(control, "1");
        await user.clear(control);
      }
      fireEvent.blur(control);
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(`${label} hint ${required}`);
      // Below the field: the error follows the control in the document.
      const error = screen.getAllByText(required).find((e) => control.closest("div.flex")?.contains(e));
      expect(error).toBeDefined();
      expect(control.compareDocumentPosition(error!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it("yes/no: a fieldset whose legend is the question, described by the hint and the error; the radios carry no aria of their own", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole("group", { name: "Yes or no" });
    expect(group).toHaveAccessibleDescription("Yes/no hint");
    expect(group).not.toHaveAttribute("aria-required");
    for (const radio of screen.getAllByRole("radio")) {
      expect(radio).toHaveAttribute("name", "yesNo");
      expect(radio).not.toHaveAttribute("aria-describedby");
    }
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(group).toHaveAccessibleDescription(`Yes/no hint ${required}`);
    await user.click(screen.getByRole("radio", { name: "No" }));
    expect(group).toHaveAttribute("aria-invalid", "false");
    expect(group).toHaveAccessibleDescription("Yes/no hint");
  });
});
