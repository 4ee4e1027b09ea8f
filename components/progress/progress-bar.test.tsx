/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { clampProgress, ProgressBar } from "./progress-bar";

describe("ProgressBar", () => {
  it.each([
    [-10, 0],
    [0, 0],
    [0.5, 0.5],
    [42, 42],
    [100, 100],
    [100.01, 100],
    [250, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])("value %p is shown as %p", (value, expected) => {
    render(<ProgressBar value={value} label="Upload" />);
    const bar = screen.getByRole("progressbar", { name: "Upload" });
    expect(bar).toHaveAttribute("aria-valuenow", String(expected));
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar.firstElementChild).toHaveStyle({ width: `${expected}%` });
  });

  it("passes a spoken value text", () => {
    render(<ProgressBar value={60} label="Referrals" valueText="3 of 5 referrals" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "3 of 5 referrals");
  });

  it("clampProgress is the same rule", () => {
    expect(clampProgress(-1)).toBe(0);
    expect(clampProgress(101)).toBe(100);
  });
});
