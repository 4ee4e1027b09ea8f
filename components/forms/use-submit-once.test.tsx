/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import { useSubmissionKeys } from "./use-submit-once";

describe("useSubmissionKeys (issue 51: one key per submission)", () => {
  it("the same values again (a resend, a retry) get the same key; other values a new one; back to the first values, new again", () => {
    const { result } = renderHook(() => useSubmissionKeys());
    const first = result.current.keyFor({ amount: 4000, reason: "Medical Bills" });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.keyFor({ amount: 4000, reason: "Medical Bills" })).toBe(first);
    const second = result.current.keyFor({ amount: 5000, reason: "Medical Bills" });
    expect(second).not.toBe(first);
    expect(result.current.keyFor({ amount: 5000, reason: "Medical Bills" })).toBe(second);
    // A submission after another is a new intent, even with the first's values.
    expect(result.current.keyFor({ amount: 4000, reason: "Medical Bills" })).not.toBe(first);
  });

  it("kept across renders of one component; another component has keys of its own", () => {
    const one = renderHook(() => useSubmissionKeys());
    const key = one.result.current.keyFor({ a: 1 });
    one.rerender();
    expect(one.result.current.keyFor({ a: 1 })).toBe(key);
    const two = renderHook(() => useSubmissionKeys());
    expect(two.result.current.keyFor({ a: 1 })).not.toBe(key);
  });
});
