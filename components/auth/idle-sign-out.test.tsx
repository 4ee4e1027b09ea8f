/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen } from "@testing-library/react";
import { mockMatchMedia } from "@/components/ui/match-media-mock";
import { ACTIVITY_KEY } from "@/lib/browser/idle-timeout";
import { IdleSignOut } from "./idle-sign-out";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe("IdleSignOut", () => {
  let media: ReturnType<typeof mockMatchMedia>;
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 2, 9) });
    localStorage.clear();
    media = mockMatchMedia(1280);
  });
  afterEach(() => {
    jest.useRealTimers();
    media.restore();
  });

  it("starts watching once the main thread is idle, not in the task that renders the page", () => {
    render(<IdleSignOut endSession={jest.fn()} tellServer={jest.fn()} />);
    // The arrival is recorded as activity (for the other tabs) by the watcher's first step.
    expect(localStorage.getItem(ACTIVITY_KEY)).toBeNull();
    act(() => jest.advanceTimersByTime(0));
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(Date.UTC(2026, 10, 2, 9)));
  });

  it("warns in an alert dialog with the focus on its one button; staying keeps the session", async () => {
    const endSession = jest.fn();
    const tellServer = jest.fn();
    render(<IdleSignOut endSession={endSession} tellServer={tellServer} />);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    act(() => jest.advanceTimersByTime(FIFTEEN_MINUTES));
    const dialog = screen.getByRole("alertdialog", { name: "You'll be signed out in 60 seconds" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription(/15 minutes/);
    const stay = screen.getByRole("button", { name: "Stay signed in" });
    act(() => jest.advanceTimersByTime(0));
    expect(stay).toHaveFocus();
    expect(tellServer).not.toHaveBeenCalled();
    act(() => stay.click());
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // Staying is activity the server's idle limit must hear of too (it sees only requests).
    expect(tellServer).toHaveBeenCalledTimes(1);
    // The 16 minutes start again from the click.
    act(() => jest.advanceTimersByTime(FIFTEEN_MINUTES + 60_000 - 1000 - 1));
    expect(endSession).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it("ends the session 60 s after the warning, coming back to this page", () => {
    window.history.replaceState(null, "", "/personal?tab=2");
    const endSession = jest.fn();
    render(<IdleSignOut endSession={endSession} tellServer={jest.fn()} />);
    act(() => jest.advanceTimersByTime(FIFTEEN_MINUTES + 59_999));
    expect(endSession).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(endSession).toHaveBeenCalledWith("/personal?tab=2");
  });
});
