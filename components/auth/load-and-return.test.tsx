/** @jest-environment jsdom */
import "@/lib/auth/testing/jsdom-text-encoder";
import "@testing-library/jest-dom";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ClaimsRefresh } from "@/lib/auth/refresh-claims";
import { PROCESSING_MESSAGE } from "@/components/overlays/processing-overlay";
import { LOADING_MESSAGES } from "@/components/overlays/loading-overlay";
import { RestrictedProcessing } from "./restricted-processing";
import { LOOP_KEY } from "./use-load-and-return";
import { WaitLoadRedirect } from "./wait-load-redirect";

const ok: ClaimsRefresh = { ok: true, claims: {} as never, load: {} as never };

beforeEach(() => window.sessionStorage.clear());

function deps(...answers: ClaimsRefresh[]) {
  const refresh = jest.fn<Promise<ClaimsRefresh>, []>();
  for (const a of answers) refresh.mockResolvedValueOnce(a);
  return { refresh, replace: jest.fn<void, [string]>() };
}

describe("WaitLoadRedirect", () => {
  it("shows the loan wording, loads, and returns to the target", async () => {
    let release!: (v: ClaimsRefresh) => void;
    const d = { refresh: jest.fn(() => new Promise<ClaimsRefresh>((r) => (release = r))), replace: jest.fn() };
    render(<WaitLoadRedirect redirect="/payments" deps={d} />);
    expect(await screen.findByText(LOADING_MESSAGES.loan)).toBeInTheDocument();
    release(ok);
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith("/payments"));
  });

  it("uses the apply wording for apply targets", async () => {
    const d = { refresh: jest.fn(() => new Promise<ClaimsRefresh>(() => {})), replace: jest.fn() };
    render(<WaitLoadRedirect redirect="/apply/loanDetails?x=1" deps={d} />);
    expect(await screen.findByText(LOADING_MESSAGES.apply)).toBeInTheDocument();
  });

  it("goes to the dashboard without a safe target", async () => {
    const d = deps(ok);
    render(<WaitLoadRedirect redirect="https://evil.example" deps={d} />);
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith("/dashboard"));
  });

  it("a session that has gone signs in again, coming back to the target", async () => {
    const d = deps({ ok: false, reason: "signed-out" });
    render(<WaitLoadRedirect redirect="/payments?tab=1" deps={d} />);
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith("/login?redirect=%2Fpayments%3Ftab%3D1"));
  });

  it.each([
    ["renewed", "/payments", 1],
    ["unknown", "/payments", 1],
    ["signed-out", "/login?redirect=%2Fpayments", 0],
  ] as const)("a verifying session whose renewal ends %s goes to %s (%i claims loads)", async (outcome, goes, loads) => {
    const d = { ...deps(ok), renew: jest.fn(async () => outcome) };
    render(<WaitLoadRedirect redirect="/payments" deps={d} />);
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith(goes));
    expect(d.renew).toHaveBeenCalledTimes(1);
    expect(d.refresh).toHaveBeenCalledTimes(loads);
  });

  it("a failed load shows our message and a retry that works", async () => {
    const d = deps({ ok: false, reason: "load-failed" }, ok);
    const user = userEvent.setup();
    render(<WaitLoadRedirect redirect="/payments" deps={d} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your account information");
    expect(d.replace).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith("/payments"));
  });

  it("stops a ping-pong with the target after three returns", async () => {
    window.sessionStorage.setItem(LOOP_KEY, JSON.stringify({ target: "/payments", count: 3, at: Date.now() }));
    const d = deps(ok);
    render(<WaitLoadRedirect redirect="/payments" deps={d} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("could not open the page");
    expect(d.replace).not.toHaveBeenCalled();
  });
});

describe("RestrictedProcessing", () => {
  it("shows the processing overlay, loads, and returns", async () => {
    let release!: (v: ClaimsRefresh) => void;
    const d = { refresh: jest.fn(() => new Promise<ClaimsRefresh>((r) => (release = r))), replace: jest.fn() };
    render(<RestrictedProcessing redirect="/apply" deps={d} />);
    expect(await screen.findByText(PROCESSING_MESSAGE)).toBeInTheDocument();
    release(ok);
    await waitFor(() => expect(d.replace).toHaveBeenCalledWith("/apply"));
  });
});
