/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { type Notify, NotificationsProvider, useNotify } from "./notifications";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const NOTIFICATION_TIMEOUT_MS = 5000;

let notify: Notify;
function Capture() {
  notify = useNotify();
  return null;
}

function setup() {
  render(
    <NotificationsProvider>
      <Capture />
    </NotificationsProvider>,
  );
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const region = () => screen.getByRole("region", { name: "Notifications" });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("notifications", () => {
  it("announces in a polite live region and closes after 5000 ms by default", () => {
    setup();
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
    act(() => void notify("Saved your details", { kind: "success" }));
    expect(region().querySelector("[aria-live=polite]")).toHaveTextContent("Saved your details");
    advance(4999);
    expect(screen.getByText("Saved your details")).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText("Saved your details")).not.toBeInTheDocument();
  });

  it("takes a timeout per call, and null keeps it until dismissed", () => {
    setup();
    act(() => {
      notify("Short", { timeoutMs: 1000 });
      notify("Sticky", { timeoutMs: null });
    });
    advance(1000);
    expect(screen.queryByText("Short")).not.toBeInTheDocument();
    advance(60_000);
    expect(screen.getByText("Sticky")).toBeInTheDocument();
  });

  it("is dismissed by its close button or by the handle notify returns", () => {
    setup();
    let dismissSecond = () => {};
    act(() => {
      notify("First");
      dismissSecond = notify("Second");
    });
    const buttons = screen.getAllByRole("button", { name: "Dismiss notification" });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    act(() => dismissSecond());
    expect(screen.queryByText("Second")).not.toBeInTheDocument();
  });

  it("pauses its countdown while hovered or focused, then finishes the remaining time", () => {
    setup();
    act(() => void notify("Read me"));
    advance(3000);
    const item = screen.getByText("Read me").closest("li")!;
    fireEvent.mouseEnter(item);
    advance(10_000);
    expect(screen.getByText("Read me")).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    advance(1999);
    expect(screen.getByText("Read me")).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "Dismiss notification" }).focus());
    advance(10_000);
    expect(screen.getByText("Read me")).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "Dismiss notification" }).blur());
    advance(1);
    expect(screen.queryByText("Read me")).not.toBeInTheDocument();
  });

  it("refuses to work outside its provider", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow("useNotify() must be used inside <NotificationsProvider>");
    spy.mockRestore();
  });
});
