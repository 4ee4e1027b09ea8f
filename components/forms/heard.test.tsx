/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { virtual } from "@guidepup/virtual-screen-reader";
import { useState } from "react";
import { z } from "zod";
import { text } from "@/lib/forms/fields";
import { Form, FormError, LiveStatus, SubmitButton, TextField, loadedSchema, savedStatusClass, useInPlaceFocus, useZodForm } from ".";

/**
 * What a screen reader says (issue 50), by the virtual screen reader over the kit's own DOM: the
 * error summary that takes focus after a failed submit, the form-level message, and a save said in
 * the polite live region while focus goes back to the button that opened the form.
 */
const schema = loadedSchema(
  z.object({ first: text({ required: "Enter your first name" }), last: text({ required: "Enter your last name" }) }),
);

function EditName({ answer }: { answer: "saved" | "refused" }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const { opener, region } = useInPlaceFocus<HTMLButtonElement, HTMLDivElement>(open, () => setOpen(false));
  const form = useZodForm({
    schema,
    initialValues: { first: "", last: "" },
    onSubmit: (values, { setFormError }) => {
      if (answer === "refused") return setFormError("We couldn't save your name. Please try again.");
      setOpen(false);
      setSaved(`Your name is now ${values.first} ${values.last}.`);
    },
  });
  return (
    <div ref={region}>
      <LiveStatus message={saved} className={savedStatusClass} />
      {open ? (
        <Form form={form} aria-label="Your name">
          <TextField form={form} name="first" label="First name" />
          <TextField form={form} name="last" label="Last name" />
          <FormError message={form.formError} />
          <SubmitButton pending={form.pending}>Save</SubmitButton>
        </Form>
      ) : (
        <button ref={opener} type="button" onClick={() => setOpen(true)}>
          Edit your name
        </button>
      )}
    </div>
  );
}

afterEach(async () => {
  await virtual.stop();
});

async function heardAfter(action: () => Promise<void>): Promise<string[]> {
  await virtual.clearSpokenPhraseLog();
  await action();
  // Focus and live-region changes are spoken a microtask after they happen.
  await act(async () => undefined);
  return virtual.spokenPhraseLog();
}

it("opening says the first field; an empty Save says the problem and each error once, from the summary that takes focus", async () => {
  const user = userEvent.setup();
  const { container } = render(<EditName answer="saved" />);
  await virtual.start({ container });
  expect(await heardAfter(() => user.click(screen.getByRole("button", { name: "Edit your name" })))).toContain(
    "textbox, First name, not invalid, required",
  );
  // Tabbing through the empty fields says no error.
  const tabbed = await heardAfter(async () => {
    await user.tab();
    await user.tab();
  });
  expect(tabbed.join(" | ")).not.toMatch(/Enter your|, invalid/);
  const afterSubmit = await heardAfter(() => user.click(screen.getByRole("button", { name: "Save" })));
  expect(afterSubmit).toContain("group, There is a problem, Enter your first name Enter your last name");
});

it("a save is said in the polite live region, and focus back on the button says where the person is", async () => {
  const user = userEvent.setup();
  const { container } = render(<EditName answer="saved" />);
  await virtual.start({ container });
  await user.click(screen.getByRole("button", { name: "Edit your name" }));
  await user.keyboard("Ada");
  await user.tab();
  await user.keyboard("Lovelace");
  const heard = await heardAfter(() => user.keyboard("{Enter}"));
  expect(heard).toContain("polite: Your name is now Ada Lovelace.");
  expect(heard).toContain("button, Edit your name");
  expect(screen.getByRole("button", { name: "Edit your name" })).toHaveFocus();
});

it("a refusal with no field at fault is said at once, and focus goes to it rather than to the page's body", async () => {
  const user = userEvent.setup();
  const { container } = render(<EditName answer="refused" />);
  await virtual.start({ container });
  await user.click(screen.getByRole("button", { name: "Edit your name" }));
  await user.keyboard("Ada");
  await user.tab();
  await user.keyboard("Lovelace");
  const heard = await heardAfter(() => user.keyboard("{Enter}"));
  // (An inserted role=alert is announced by the browser itself; the virtual reader hears the focus.)
  expect(heard).toContain("alert, We couldn't save your name. Please try again.");
  expect(screen.getByRole("alert")).toHaveFocus();
});

it("Escape closes the form: focus and speech go back to the button that opened it", async () => {
  const user = userEvent.setup();
  const { container } = render(<EditName answer="saved" />);
  await virtual.start({ container });
  await user.click(screen.getByRole("button", { name: "Edit your name" }));
  expect(await heardAfter(() => user.keyboard("{Escape}"))).toContain("button, Edit your name");
});
