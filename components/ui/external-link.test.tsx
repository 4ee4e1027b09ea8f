/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { ExternalLink } from "./external-link";

describe("ExternalLink", () => {
  it("opens a new tab without exposing window.opener and says so to screen readers", () => {
    render(
      <ExternalLink href="https://example.com/x" className="c">
        Partner
      </ExternalLink>,
    );
    const link = screen.getByRole("link", { name: "Partner (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://example.com/x");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveClass("c");
  });
});
