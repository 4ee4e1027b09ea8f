/** @jest-environment jsdom */
import { PENDING_SIGN_IN_KEY, clearPendingSignIn, loadPendingSignIn, savePendingSignIn, type PendingSignIn } from "./pending-sign-in";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const pending: PendingSignIn = {
  mode: "register",
  identifier: "New@Example.com",
  sentFor: "new@example.com",
  createdAccount: true,
  announceRegistration: true,
  sentAt: NOW - 60_000,
};

beforeEach(() => sessionStorage.clear());

describe("the pending sign-in kept in the tab (issue 49)", () => {
  it("comes back for its own page, as saved", () => {
    savePendingSignIn(pending);
    expect(loadPendingSignIn("register", NOW)).toEqual(pending);
    // The other page does not take it, nor drop it.
    expect(loadPendingSignIn("login", NOW)).toBeNull();
    expect(loadPendingSignIn("register", NOW)).toEqual(pending);
  });

  it("keeps only what the type names: no code field exists to keep", () => {
    savePendingSignIn(pending);
    expect(Object.keys(JSON.parse(sessionStorage.getItem(PENDING_SIGN_IN_KEY)!)).sort()).toEqual(
      ["announceRegistration", "createdAccount", "identifier", "mode", "sentAt", "sentFor"].sort(),
    );
  });

  it.each([
    ["older than 15 minutes", { ...pending, sentAt: NOW - 15 * 60_000 - 1 }],
    ["from the future", { ...pending, sentAt: NOW + 1 }],
    ["an unknown mode", { ...pending, mode: "admin" }],
    ["no identifier", { ...pending, identifier: "" }],
    ["a flag that is not a boolean", { ...pending, createdAccount: "yes" }],
  ])("%s: dropped", (_why, value) => {
    sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(value));
    expect(loadPendingSignIn("register", NOW)).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it("15 minutes old exactly: still restored", () => {
    savePendingSignIn({ ...pending, sentAt: NOW - 15 * 60_000 });
    expect(loadPendingSignIn("register", NOW)).not.toBeNull();
  });

  it("text that is not JSON is dropped; clearing forgets it", () => {
    sessionStorage.setItem(PENDING_SIGN_IN_KEY, "{not json");
    expect(loadPendingSignIn("login", NOW)).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
    savePendingSignIn(pending);
    clearPendingSignIn();
    expect(loadPendingSignIn("register", NOW)).toBeNull();
  });

  it("blocked storage: nothing kept, nothing thrown", () => {
    const spy = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(() => savePendingSignIn(pending)).not.toThrow();
    spy.mockRestore();
    expect(loadPendingSignIn("register", NOW)).toBeNull();
  });
});
