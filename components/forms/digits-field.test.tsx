/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { DigitsField, Form, loadedSchema, useZodForm } from ".";

const schema = z.object({ routing: z.string() });

function Harness() {
  const form = useZodForm({ schema: loadedSchema(schema), initialValues: { routing: "" }, onSubmit: () => undefined });
  return (
    <Form form={form} aria-label="Digits">
      <DigitsField form={form} name="routing" label="Routing number" maxDigits={9} />
      <output data-testid="values">{JSON.stringify(form.values)}</output>
    </Form>
  );
}

const stored = () => JSON.parse(screen.getByTestId("values").textContent!).routing as string;

describe("DigitsField (routing and account numbers)", () => {
  test.each([
    ["011000015", "011000015"],
    ["0110-000 15", "011000015"],
    ["abc0", "0"],
    ["0110000151234", "011000015"],
  ])("typing %p stores %p, leading zeros kept, at most maxDigits", async (typed, expected) => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Routing number");
    await user.type(input, typed);
    expect(stored()).toBe(expected);
    expect(input).toHaveValue(expected);
    expect(input).toHaveAttribute("inputmode", "numeric");
  });

  it("a paste keeps only the digits", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Routing number");
    await user.click(input);
    await user.paste(" 021 000 021 ");
    expect(stored()).toBe("021000021");
  });
});
