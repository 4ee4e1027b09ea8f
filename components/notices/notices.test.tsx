/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { CONTACT } from "@/components/chrome/site-links";
import { Notice } from "./notice";
import { NotFoundNotice } from "./not-found-notice";
import { RestrictedNotice, type RestrictedReason } from "./restricted-notice";
import { restrictedReasonFor } from "./restricted-reason";
import { ShellPageNotice, type ShellPage } from "./shell-page-notice";
import { SignInNotice } from "./sign-in-notice";
import { UnderConstructionNotice } from "./under-construction-notice";

jest.mock("next/link", () => jest.requireActual("@/components/ui/testing/marked-next-link"));

function expectDashboardLink(name: string | RegExp = "Back to dashboard") {
  const link = screen.getByRole("link", { name });
  expect(link).toHaveAttribute("href", "/dashboard");
  // /dashboard leaves for the dashboard app: a plain anchor, no client-side transition or prefetch.
  expect(link).not.toHaveAttribute("data-next-link");
}

describe("Notice", () => {
  it("is a region named by its heading, h1 by default, with a decorative icon", () => {
    const { container } = render(
      <Notice icon="lock" title="Title" actions={<a href="/x">Go</a>}>
        <p>Body</p>
      </Notice>,
    );
    const heading = screen.getByRole("heading", { level: 1, name: "Title" });
    expect(screen.getByRole("region", { name: "Title" })).toContainElement(heading);
    expect(screen.getByText("Body")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go" })).toBeInTheDocument();
    const svg = container.querySelector("svg")!;
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveAttribute("focusable", "false");
  });

  it("takes a lower heading level and its own id", () => {
    render(<Notice icon="tools" title="Sub" headingLevel={2} headingId="other" />);
    expect(screen.getByRole("heading", { level: 2, name: "Sub" })).toHaveAttribute("id", "other");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("renders no empty body or action rows", () => {
    const { container } = render(<Notice icon="search" title="Only" />);
    expect(container.querySelector("section")!.children).toHaveLength(2);
  });
});

describe("RestrictedNotice", () => {
  it.each<[RestrictedReason, string, RegExp]>([
    ["signed-loan-required", "This page isn't available for your account yet", /once your loan contract is signed/],
    ["rejected", "We can't continue your application", /can't go further/],
    ["already-signed", "Your loan contract is already signed", /close once a contract is signed/],
    ["unknown", "This page isn't available", /isn't available for your account at this stage/],
  ])("%s: its heading, its explanation, the way back and support", (reason, title, body) => {
    render(<RestrictedNotice reason={reason} />);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    expectDashboardLink();
    expect(screen.getByRole("link", { name: CONTACT.email })).toHaveAttribute("href", `mailto:${CONTACT.email}`);
    expect(screen.getByRole("link", { name: CONTACT.phone.display })).toHaveAttribute("href", `tel:${CONTACT.phone.tel}`);
  });

  it("a refusal with its stored category and date names both; a credit check adds the rights sentence", () => {
    render(
      <RestrictedNotice
        reason="rejected"
        refusal={{ category: "credit", words: "the result of the credit check", reapplyOn: "Dec 28, 2026" }}
      />,
    );
    expect(screen.getByText("the result of the credit check")).toBeInTheDocument();
    expect(screen.getByText("Dec 28, 2026")).toBeInTheDocument();
    expect(screen.getByText(/free copy of your credit report/)).toBeInTheDocument();
  });

  it("a refusal without stored reason or date says so, and no credit sentence", () => {
    render(<RestrictedNotice reason="rejected" refusal={{ category: null, words: null, reapplyOn: null }} />);
    expect(screen.getByText(/don't have the reason on file/)).toBeInTheDocument();
    expect(screen.getByText(/don't have the date of this decision/)).toBeInTheDocument();
    expect(screen.queryByText(/credit report/)).not.toBeInTheDocument();
  });

  it("other notices carry no refusal details", () => {
    render(<RestrictedNotice reason="already-signed" />);
    expect(screen.queryByText(/apply again/)).not.toBeInTheDocument();
  });

  it("defaults to the reason-less wording", () => {
    render(<RestrictedNotice />);
    expect(screen.getByRole("heading", { name: "This page isn't available" })).toBeInTheDocument();
  });
});

describe("restrictedReasonFor", () => {
  it.each([
    ["rejected", "rejected"],
    ["signed", "already-signed"],
    ["originated", "already-signed"],
    ["in-progress", "unknown"],
    ["review", "unknown"],
    ["not-started", "unknown"],
    ["applicationBlocked", "unknown"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (state, reason) => {
    expect(restrictedReasonFor(state)).toBe(reason);
  });
});

describe("UnderConstructionNotice", () => {
  it("says so and links back to the dashboard", () => {
    render(<UnderConstructionNotice />);
    expect(screen.getByRole("heading", { level: 1, name: "This page is under construction" })).toBeInTheDocument();
    expectDashboardLink();
  });
});

describe("NotFoundNotice", () => {
  it("has the spec's heading and link (the e2e tests rely on both)", () => {
    render(<NotFoundNotice />);
    expect(screen.getByRole("heading", { level: 1, name: "Ooops! Page not found" })).toBeInTheDocument();
    expectDashboardLink();
  });
});

describe("SignInNotice", () => {
  it("asks to sign in and links to /login with a full page load", () => {
    render(<SignInNotice />);
    expect(screen.getByRole("heading", { level: 1, name: "Please sign in" })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Sign in" });
    expect(link).toHaveAttribute("href", "/login");
    expect(link).not.toHaveAttribute("data-next-link");
  });
});

describe("ShellPageNotice", () => {
  it.each<[ShellPage, string]>([
    ["personal", "Personal details"],
    ["employment", "Employment details"],
    ["bank", "Bank account"],
  ])("%s: heading, an honest explanation, no form and no data", (page, title) => {
    const { container } = render(<ShellPageNotice page={page} />);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/form for this section isn't available here yet/)).toBeInTheDocument();
    expectDashboardLink("Go to dashboard");
    expect(container.querySelector("form, input, select, textarea")).toBeNull();
  });
});
