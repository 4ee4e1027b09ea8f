/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { DEFAULT_HEADING, LANDING_HEADINGS, LANDING_KEYS } from "@/lib/landing/headings";
import { LandingHeading } from "./landing-heading";

describe("LandingHeading", () => {
  it.each([undefined, null, "", "no-such-employer"])("shows the default for %p", (key) => {
    render(<LandingHeading landingKey={key} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(DEFAULT_HEADING);
    expect(DEFAULT_HEADING).toBe("Affordable Loans for Employees");
  });

  it.each(LANDING_KEYS)("shows the mapped heading for %s", (key) => {
    render(<LandingHeading landingKey={key} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(LANDING_HEADINGS[key] ?? "");
  });

  it("matches keys case-insensitively", () => {
    render(<LandingHeading landingKey="Law-Enforcement" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(LANDING_HEADINGS["law-enforcement"] ?? "missing");
  });

  it("shows a subtitle only when given", () => {
    const { rerender } = render(<LandingHeading landingKey="healthcare" />);
    expect(screen.queryByRole("paragraph")).not.toBeInTheDocument();
    rerender(<LandingHeading landingKey="healthcare">Rates from your employer benefits</LandingHeading>);
    expect(screen.getByText("Rates from your employer benefits")).toBeInTheDocument();
  });
});
