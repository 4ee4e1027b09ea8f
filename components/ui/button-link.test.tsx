/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { ButtonLink } from "./button-link";
import { classNames } from "./class-names";

describe("ButtonLink", () => {
  it("is a link to its href with the primary style and extra classes", () => {
    render(
      <ButtonLink href="/apply" className="extra">
        Check My Rate
      </ButtonLink>,
    );
    const link = screen.getByRole("link", { name: "Check My Rate" });
    expect(link).toHaveAttribute("href", "/apply");
    expect(link).toHaveClass("bg-brand", "extra");
  });
});

describe("classNames", () => {
  it("keeps only truthy names", () => {
    expect(classNames("a", false, null, undefined, "", "b")).toBe("a b");
  });
});
