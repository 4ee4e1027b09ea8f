/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { AppLink, isInAppHref } from "./app-link";

// Tells next/link's anchors apart from plain ones.
jest.mock("next/link", () => jest.requireActual("@/components/ui/testing/marked-next-link"));

describe("isInAppHref", () => {
  it.each([
    "/dashboard-sign",
    "/dashboard-sign?counters=abc",
    "/restricted",
    "/_restricted",
    "/under-construction",
    "/personal",
    "/employment",
    "/bank",
    "/wait-load-redirect?redirect=/apply",
  ])("%s is rendered by this app", (href) => expect(isInAppHref(href)).toBe(true));

  it.each([
    "/",
    "/dashboard",
    "/payments",
    "/AccountSettings",
    "/FAQ",
    "/apply",
    "/privacy",
    "/login",
    "/register",
    "/esign",
    "/nowhere",
    "//evil.example/x",
    "https://www.lender.example/",
    "mailto:a@b.example",
    "/%zz",
  ])("%s leaves the app (full page load)", (href) => expect(isInAppHref(href)).toBe(false));
});

describe("AppLink", () => {
  it("renders an anchor with the href either way", () => {
    render(
      <>
        <AppLink href="/dashboard-sign">Sign</AppLink>
        <AppLink href="/payments" className="x">
          Payments
        </AppLink>
      </>,
    );
    expect(screen.getByRole("link", { name: "Sign" })).toHaveAttribute("href", "/dashboard-sign");
    expect(screen.getByRole("link", { name: "Payments" })).toHaveAttribute("href", "/payments");
    expect(screen.getByRole("link", { name: "Payments" })).toHaveClass("x");
    expect(screen.getByRole("link", { name: "Sign" })).toHaveAttribute("data-next-link");
    expect(screen.getByRole("link", { name: "Payments" })).not.toHaveAttribute("data-next-link");
  });
});
