/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import { Footer } from "./footer";
import { CONTACT, SOCIAL_LINKS, TRUST_BADGES } from "./site-links";

describe("Footer", () => {
  beforeEach(() => {
    render(<Footer />);
  });

  it("is the contentinfo landmark with the legal links", () => {
    const nav = within(screen.getByRole("contentinfo")).getByRole("navigation", { name: "Footer" });
    expect(within(nav).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(nav).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(nav).getByRole("link", { name: "Compliance" })).toHaveAttribute("href", "/compliance");
  });

  it("offers e-mail and phone contact", () => {
    expect(screen.getByRole("link", { name: CONTACT.email })).toHaveAttribute("href", `mailto:${CONTACT.email}`);
    expect(screen.getByRole("link", { name: CONTACT.phone.display })).toHaveAttribute("href", `tel:${CONTACT.phone.tel}`);
  });

  it.each(["LinkedIn", "Facebook"])("links %s in a new tab", (name) => {
    const link = screen.getByRole("link", { name: `${name} (opens in a new tab)` });
    expect(link).toHaveAttribute("href", SOCIAL_LINKS.find((l) => l.label === name)?.href);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows each trust badge as a named image link to its external page", () => {
    const list = screen.getByRole("list", { name: "Trust badges" });
    const links = within(list).getAllByRole("link");
    expect(links).toHaveLength(TRUST_BADGES.length);
    TRUST_BADGES.forEach((badge, i) => {
      const link = links[i];
      expect(link).toHaveAccessibleName(`${badge.name} (opens in a new tab)`);
      expect(link).toHaveAttribute("href", badge.href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // Drawn in the page (its text in the HTML): no image request, no SVG document of its own.
      const image = within(link!).getByRole("img", { name: badge.name });
      expect(image.tagName).toBe("SPAN");
      expect(image).toHaveTextContent(badge.lines.join(""));
    });
    expect(list.querySelector("img")).toBeNull();
  });

  it("links the logo home", () => {
    expect(screen.getByRole("link", { name: "Employee Loans home" })).toHaveAttribute("href", "/");
  });

  it("shows SPEC 9's version string for support", () => {
    expect(screen.getByRole("contentinfo").textContent).toContain("Version 1.5.71");
  });

  it("prints the loan terms with the worked example", () => {
    const text = screen.getByRole("contentinfo").textContent ?? "";
    for (const fragment of [
      "$10,000",
      "35.99%",
      "24 months",
      "19.64% APR",
      "$201.62",
      "$4,838.72",
      "Representative example, repaid monthly",
      "It is an example: your own offer shows your payments",
      "not sponsored by employers",
      "partner bank",
    ]) {
      expect(text).toContain(fragment);
    }
  });
});

describe("site links configuration", () => {
  it("points only at https pages", () => {
    for (const link of [...SOCIAL_LINKS, ...TRUST_BADGES]) expect(link.href).toMatch(/^https:\/\//);
  });
});
