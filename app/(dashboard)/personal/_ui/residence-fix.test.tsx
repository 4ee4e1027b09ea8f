/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { deadlineActionBody, deadlineFormText } from "@/lib/observability/deadline-answer";
import { FAILED_TEXT, ResidenceFix } from "./residence-fix";

/**
 * Issue 51: the state fix (changeStateOfResidence) is a write outside the form kit. When its server
 * action throws instead of answering — cut by the request deadline, or the network — it says so in
 * the kit's words (the deadline's with the request id) or its own, and its button is usable again.
 */
const mockChange = jest.fn();
jest.mock("../actions", () => ({ changeStateOfResidence: (...args: unknown[]) => mockChange(...args) }));
jest.mock("@/lib/browser/error-logging", () => ({ logClientError: jest.fn() }));

beforeEach(() => mockChange.mockReset());

it("cut by the request deadline: said with the reference; the button disabled until the answer, usable after", async () => {
  let fail!: (error: unknown) => void;
  mockChange.mockReturnValueOnce(new Promise<never>((_resolve, reject) => (fail = reject)));
  const onChanged = jest.fn();
  render(<ResidenceFix to="IL" onChanged={onChanged} />);
  await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
  expect(screen.getByRole("button", { name: "Changing…" })).toBeDisabled();

  await act(async () => fail(new Error(deadlineActionBody("req-deadline-7788"))));
  expect(screen.getByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-7788"));
  expect(screen.getByRole("button", { name: "Change my state of residence to Illinois" })).toBeEnabled();
  expect(onChanged).not.toHaveBeenCalled();
});

it("a request that failed on the network: the fix's own words", async () => {
  mockChange.mockRejectedValueOnce(new TypeError("Failed to fetch"));
  render(<ResidenceFix to="IL" onChanged={jest.fn()} />);
  await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(FAILED_TEXT);
});

it("answered: the new state passed on, nothing said here", async () => {
  mockChange.mockResolvedValueOnce({ ok: true });
  const onChanged = jest.fn();
  render(<ResidenceFix to="IL" onChanged={onChanged} />);
  await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
  expect(onChanged).toHaveBeenCalledWith("IL");
  expect(screen.queryByRole("alert")).toBeNull();
});
