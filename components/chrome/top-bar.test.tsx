/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { TopBar } from "./top-bar";

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));
const pathname = jest.mocked(usePathname);

function renderTopBar(signedIn: boolean, path = "/dashboard", canApply?: boolean) {
  pathname.mockReturnValue(path);
  const onLogout = jest.fn();
  render(<TopBar signedIn={signedIn} canApply={canApply} onLogout={onLogout} />);
  return { onLogout, nav: screen.getByRole("navigation", { name: "Quick links" }) };
}

describe("TopBar", () => {
  it("signed in: Dashboard and FAQ, Check My Rate to /apply, and the profile menu", () => {
    const { nav } = renderTopBar(true);
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Dashboard", "/dashboard"],
      ["FAQ", "/FAQ"],
    ]);
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Check My Rate" })).toHaveAttribute("href", "/apply");
    expect(screen.queryByRole("link", { name: "Get Started" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Profile menu" })).toBeInTheDocument();
  });

  it("signed out: Login and Sign Up, Get Started to /register, no profile menu", () => {
    const { nav } = renderTopBar(false, "/welcome");
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Login", "/login"],
      ["Sign Up", "/register"],
    ]);
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
    expect(screen.queryByRole("link", { name: "Check My Rate" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Profile menu" })).not.toBeInTheDocument();
  });

  it.each([
    [true, "/apply", "Check My Rate"],
    [true, "/apply/loanDetails", "Check My Rate"],
    [false, "/apply", "Get Started"],
  ])("signedIn=%p hides the button on %s", (signedIn, path, label) => {
    renderTopBar(signedIn, path);
    expect(screen.queryByRole("link", { name: label })).not.toBeInTheDocument();
    // The links stay.
    expect(screen.getByRole("navigation", { name: "Quick links" })).toBeInTheDocument();
  });

  it("issue 49: signed in but unable to apply (a borrower, a refused applicant): no Check My Rate, the rest stays", () => {
    const { nav } = renderTopBar(true, "/dashboard", false);
    expect(screen.queryByRole("link", { name: "Check My Rate" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Profile menu" })).toBeInTheDocument();
  });

  it("issue 49: signed in and able to apply: Check My Rate", () => {
    renderTopBar(true, "/dashboard", true);
    expect(screen.getByRole("link", { name: "Check My Rate" })).toHaveAttribute("href", "/apply");
  });

  it("links the logo home", () => {
    renderTopBar(false);
    expect(screen.getByRole("link", { name: "Employee Loans home" })).toHaveAttribute("href", "/");
  });

  it("signs out from the profile menu", async () => {
    const user = userEvent.setup();
    const { onLogout } = renderTopBar(true);
    await user.click(screen.getByRole("button", { name: "Profile menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
