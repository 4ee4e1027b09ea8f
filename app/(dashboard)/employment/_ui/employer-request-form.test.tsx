/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RequestEmployerResult } from "../actions";
import type { RecordedEmployerRequest } from "../operations";
import { EMPLOYER_REQUEST_NEXT, EMPLOYER_REQUEST_TITLE } from "./employer-request-copy";
import { EmployerRequestForm } from "./employer-request-form";
import { EmployerRequestRecorded } from "./employer-request-recorded";
import { ERROR_SUMMARY_TITLE } from "@/components/forms/form";

const RECORDED: RecordedEmployerRequest = {
  id: "er_1",
  name: "Qqxzzv Robotics",
  city: "Fresno",
  state: "CA",
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  requestedAt: "2026-11-28T19:00:00.000Z",
};

function setup(answer: RequestEmployerResult = { ok: true, request: RECORDED }, initialName = "  Qqxzzv Robotics ") {
  const send = jest.fn(async () => answer);
  const onRecorded = jest.fn();
  const onCancel = jest.fn();
  render(<EmployerRequestForm initialName={initialName} send={send} onRecorded={onRecorded} onCancel={onCancel} />);
  return { send, onRecorded, onCancel, user: userEvent.setup() };
}

const submit = () => screen.getByRole("button", { name: "Send request" });

describe("EmployerRequestForm", () => {
  it("opens on what was typed in the search, its heading read first", () => {
    setup();
    expect(screen.getByRole("heading", { name: EMPLOYER_REQUEST_TITLE })).toHaveFocus();
    expect(screen.getByLabelText("Employer name")).toHaveValue("Qqxzzv Robotics");
    expect(screen.getByRole("group", { name: "HR or payroll contact (optional)" })).toBeInTheDocument();
  });

  it("an empty name is an error under the field, and nothing is sent", async () => {
    const { send, user } = setup();
    await user.clear(screen.getByLabelText("Employer name"));
    await user.click(submit());
    const field = screen.getByLabelText("Employer name");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Enter your employer's name"));
    // The form kit's error summary (GOV.UK's pattern) takes the focus and lists the error.
    expect(screen.getByRole("group", { name: ERROR_SUMMARY_TITLE })).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it("a contact e-mail that is no address is an error under it", async () => {
    const { send, user } = setup();
    await user.type(screen.getByLabelText(/Contact e-mail/), "hr at qqxzzv");
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByLabelText(/Contact e-mail/)).toHaveAccessibleDescription(
        expect.stringContaining("Enter an e-mail address like hr@example.org, or leave it empty"),
      ),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the values as they go on the wire and hands on the recorded request", async () => {
    const { send, onRecorded, user } = setup();
    await user.type(screen.getByLabelText(/City/), "Fresno");
    await user.selectOptions(screen.getByLabelText(/State/), "CA");
    await user.type(screen.getByLabelText(/Contact e-mail/), "HR@Qqxzzv.example");
    await user.type(screen.getByLabelText(/Contact phone/), "5595550142");
    await user.click(submit());
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(RECORDED));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      name: "Qqxzzv Robotics",
      city: "Fresno",
      state: "CA",
      contactName: null,
      contactEmail: "hr@qqxzzv.example",
      contactPhone: "5595550142",
    });
  });

  it("a field the server refused is shown under it", async () => {
    const { user } = setup({ ok: false, reason: "invalid", fieldErrors: { name: "Please check this field" } });
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByLabelText("Employer name")).toHaveAccessibleDescription(expect.stringContaining("Please check this field")),
    );
  });

  it("the lender's refusal away from the employer step is said as it is, not 'try again'", async () => {
    const { onRecorded, user } = setup({ ok: false, reason: "wrong-step" });
    await user.click(submit());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("You can ask us to add an employer only while choosing your employer");
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it("a failure keeps what was typed and says to try again", async () => {
    const { user } = setup({ ok: false, reason: "failed" });
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not send your request. Please try again in a moment");
    expect(screen.getByLabelText("Employer name")).toHaveValue("Qqxzzv Robotics");
  });

  it("goes back to the search without sending", async () => {
    const { send, onCancel, user } = setup();
    await user.click(screen.getByRole("button", { name: "Back to the employer search" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });
});

describe("EmployerRequestRecorded", () => {
  it("says the request is recorded, what happens next and what to do meanwhile; never 'continue your application'", () => {
    render(<EmployerRequestRecorded requests={[RECORDED]} justRecorded="er_1" />);
    const section = screen.getByTestId("employer-request-recorded");
    expect(within(section).getByRole("heading", { level: 2 })).toHaveTextContent("We have your request to add Qqxzzv Robotics");
    expect(within(section).getByRole("heading", { level: 2 })).toHaveFocus();
    expect(section).toHaveTextContent("Qqxzzv Robotics (Fresno, CA) — asked on Nov 28, 2026");
    expect(section).toHaveTextContent(EMPLOYER_REQUEST_NEXT.why);
    expect(section).toHaveTextContent(EMPLOYER_REQUEST_NEXT.email);
    for (const line of EMPLOYER_REQUEST_NEXT.meanwhile) expect(section).toHaveTextContent(line);
    expect(section).not.toHaveTextContent(/continue your application/i);
  });

  it("on a later visit lists the requests without taking the focus", () => {
    render(<EmployerRequestRecorded requests={[{ ...RECORDED, id: "er_2", name: "Qqxzzv Transit", city: null, state: null }, RECORDED]} />);
    const heading = screen.getByRole("heading", { level: 2 });
    expect(heading).toHaveTextContent("Your requests to add employers");
    expect(heading).not.toHaveFocus();
    expect(screen.getAllByRole("listitem")[0]).toHaveTextContent("Qqxzzv Transit — asked on");
  });
});
