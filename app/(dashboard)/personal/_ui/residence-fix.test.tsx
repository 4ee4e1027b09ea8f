/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { deadlineActionBody, deadlineFormText } from "@/lib/observability/deadline-answer";
import { ResidenceFix } from "./residence-fix";

const mockChange = jest.fn();
jest.mock("../actions", () => ({ changeStateOfResidence: (...args: unknown[]) => mockChange(...args) }));
jest.mock("@/lib/browser/error-logging", () => ({ logClientError: jest.fn() }));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** What a server action throws when the request deadline cut it (Next reads the text/plain answer as an error). */
const cut = () => new Error(deadlineActionBody("req-deadline-2468"));

beforeEach(() => mockChange.mockReset());

/** Issue 51: the state fix is a write outside the form kit; a throw is said, never swallowed. */
describe("the state fix's one press", () => {
  it("cut by the request deadline: said with the reference, the button usable again, nothing changed", async () => {
    const answer = deferred<unknown>();
    mockChange.mockReturnValueOnce(answer.promise);
    const onChanged = jest.fn();
    render(<ResidenceFix to="IL" onChanged={onChanged} />);
    await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
    expect(screen.getByRole("button", { name: "Changing…" })).toBeDisabled();
    await act(async () => answer.reject(cut()));
    expect(await screen.findByRole("alert")).toHaveTextContent(deadlineFormText("req-deadline-2468"));
    expect(screen.getByRole("button", { name: "Change my state of residence to Illinois" })).toBeEnabled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it.each([
    [
      "the network failed",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "We couldn't change your state of residence. Please try again in a moment.",
    ],
    [
      "the API failed",
      () => Promise.resolve({ ok: false, reason: "failed" }),
      "We couldn't change your state of residence. Please try again in a moment.",
    ],
    [
      "the state was refused",
      () => Promise.resolve({ ok: false, reason: "invalid", fieldErrors: { state: "We do not lend in Illinois yet." } }),
      "We do not lend in Illinois yet.",
    ],
  ])("%s: said in the page's words", async (_, answer, words) => {
    mockChange.mockImplementationOnce(answer);
    render(<ResidenceFix to="IL" onChanged={jest.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(words);
    expect(screen.getByRole("button", { name: "Change my state of residence to Illinois" })).toBeEnabled();
  });

  it("answered: the page is told the new state", async () => {
    mockChange.mockResolvedValueOnce({ ok: true });
    const onChanged = jest.fn();
    render(<ResidenceFix to="IL" onChanged={onChanged} />);
    await userEvent.click(screen.getByRole("button", { name: "Change my state of residence to Illinois" }));
    await act(async () => undefined);
    expect(onChanged).toHaveBeenCalledWith("IL");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
