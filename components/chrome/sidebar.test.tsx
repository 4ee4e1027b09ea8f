/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { renderToString } from "react-dom/server";
import { mockMatchMedia, type MatchMediaMock } from "@/components/ui/match-media-mock";
import { isAutoMinimised, Sidebar } from "./sidebar";
import { sidebarItems } from "./sidebar-items";
import { BORROWER_LABELS } from "./testing/sidebar-labels";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const SIDEBAR_COLLAPSE_DELAY_MS = 300;

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));
const pathname = jest.mocked(usePathname);

const DOMAINS = ["lender.example"];
let media: MatchMediaMock;

function renderSidebar({ path = "/dashboard", width = 1280, admin = false, email = "jo@school.example" } = {}) {
  pathname.mockReturnValue(path);
  media = mockMatchMedia(width);
  const onLogout = jest.fn();
  const items = sidebarItems({ adminPortalUser: admin, email, companyEmailDomains: DOMAINS });
  const view = render(<Sidebar items={items} onLogout={onLogout} />);
  const nav = screen.getByRole("navigation", { name: "Main" });
  const toggle = screen.getByRole("button", { name: "Sidebar" });
  return { ...view, nav, toggle, onLogout, items };
}

afterEach(() => {
  media?.restore();
  jest.useRealTimers();
});

describe("Sidebar items", () => {
  it("lists the borrower's links in order with Logout last", () => {
    const { nav } = renderSidebar();
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(BORROWER_LABELS);
    const buttons = within(nav).getAllByRole("button");
    expect(buttons.at(-1)).toHaveAccessibleName("Logout");
  });

  it("adds Review for an admin and the staff links for a company e-mail", () => {
    renderSidebar({ admin: true, email: "ops@lender.example" });
    for (const name of ["Review", "Counter Signs", "Servicing", "Verifications"]) {
      expect(screen.getByRole("link", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Counter Signs" })).toHaveAttribute("href", "/dashboard-sign");
  });

  it("marks only the current route, on whole segments", () => {
    renderSidebar({ path: "/dashboard-sign", email: "ops@lender.example" });
    expect(screen.getByRole("link", { name: "Counter Signs" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("calls onLogout from the Logout button", async () => {
    const { onLogout } = renderSidebar();
    await userEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe("Sidebar minimising", () => {
  it.each([
    ["/dashboard", 1200, "expanded"],
    ["/dashboard", 1199, "minimised"],
    ["/dashboard", 320, "minimised"],
    ["/apply", 1280, "minimised"],
    ["/apply/loanDetails", 1920, "minimised"],
  ])("%s at %i px is %s", (path, width, state) => {
    const { nav, toggle } = renderSidebar({ path, width });
    expect(nav).toHaveAttribute("data-state", state);
    expect(toggle).toHaveAttribute("aria-expanded", String(state === "expanded"));
  });

  it("keeps links named when minimised, hiding only the visible label", () => {
    renderSidebar({ width: 800 });
    const link = screen.getByRole("link", { name: "My Loan" });
    expect(within(link).getByText("My Loan")).toHaveClass("sr-only");
  });

  it("follows the viewport across 1200 px", () => {
    const { nav } = renderSidebar({ width: 1200 });
    act(() => media.setWidth(1199));
    expect(nav).toHaveAttribute("data-state", "minimised");
    act(() => media.setWidth(1200));
    expect(nav).toHaveAttribute("data-state", "expanded");
  });

  it("minimises on navigation to an apply route", () => {
    const { nav, rerender, items } = renderSidebar();
    pathname.mockReturnValue("/apply/personalInformation");
    rerender(<Sidebar items={items} onLogout={jest.fn()} />);
    expect(nav).toHaveAttribute("data-state", "minimised");
  });

  it("the function agrees with the rule", () => {
    expect(isAutoMinimised("/offer/contract", true)).toBe(false);
    expect(isAutoMinimised("/reapply", true)).toBe(true);
    expect(isAutoMinimised("/offer/contract", false)).toBe(true);
  });
});

describe("Sidebar before the viewport is known", () => {
  const serverRender = (path: string) => {
    pathname.mockReturnValue(path);
    const html = renderToString(<Sidebar items={sidebarItems({ companyEmailDomains: [] })} onLogout={jest.fn()} />);
    const host = document.createElement("div");
    host.innerHTML = html;
    return host.querySelector("nav")!;
  };

  it("leaves the 1200 px breakpoint to CSS in the server render, so wide screens do not jump", () => {
    const nav = serverRender("/dashboard");
    expect(nav).toHaveAttribute("data-state", "auto");
    expect(nav).toHaveClass("w-16", "sidebar:w-64");
    expect(within(nav).getByText("FAQ")).toHaveClass("sr-only", "sidebar:not-sr-only");
  });

  it("renders apply routes minimised on the server", () => {
    const nav = serverRender("/apply");
    expect(nav).toHaveAttribute("data-state", "minimised");
    expect(nav).not.toHaveClass("sidebar:w-64");
  });

  it("still toggles where matchMedia is missing", async () => {
    pathname.mockReturnValue("/dashboard");
    render(<Sidebar items={sidebarItems({ companyEmailDomains: [] })} onLogout={jest.fn()} />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav).toHaveAttribute("data-state", "auto");
    act(() => screen.getByRole("button", { name: "Sidebar" }).focus());
    await userEvent.keyboard("{Enter}");
    expect(nav).toHaveAttribute("data-state", "minimised");
  });
});

describe("Sidebar hover", () => {
  it("expands on hover and collapses 300 ms after the pointer leaves", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { nav } = renderSidebar({ path: "/apply" });

    await user.hover(nav);
    expect(nav).toHaveAttribute("data-state", "expanded");
    expect(within(nav).getByText("My Loan")).not.toHaveClass("sr-only");

    await user.unhover(nav);
    act(() => jest.advanceTimersByTime(SIDEBAR_COLLAPSE_DELAY_MS - 1));
    expect(nav).toHaveAttribute("data-state", "expanded");
    act(() => jest.advanceTimersByTime(1));
    expect(nav).toHaveAttribute("data-state", "minimised");
  });

  it("stays open when the pointer comes back within 300 ms", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { nav } = renderSidebar({ width: 900 });

    await user.hover(nav);
    await user.unhover(nav);
    act(() => jest.advanceTimersByTime(200));
    await user.hover(nav);
    act(() => jest.advanceTimersByTime(1000));
    expect(nav).toHaveAttribute("data-state", "expanded");
  });

  it("does not collapse an expanded sidebar when the pointer leaves", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { nav } = renderSidebar({ width: 1280 });
    await user.hover(nav);
    await user.unhover(nav);
    act(() => jest.advanceTimersByTime(1000));
    expect(nav).toHaveAttribute("data-state", "expanded");
  });
});

describe("Sidebar toggle by keyboard", () => {
  it("expands and collapses with Enter and Space", async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderSidebar({ path: "/apply" });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(nav).toHaveAttribute("data-state", "expanded");
    await user.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("lets a wide screen collapse it, and drops the choice when the automatic state changes", async () => {
    const user = userEvent.setup();
    const { nav, toggle, rerender, items } = renderSidebar({ width: 1280 });
    await user.click(toggle);
    expect(nav).toHaveAttribute("data-state", "minimised");

    // Another non-apply route keeps the choice.
    pathname.mockReturnValue("/loan");
    rerender(<Sidebar items={items} onLogout={jest.fn()} />);
    expect(nav).toHaveAttribute("data-state", "minimised");

    pathname.mockReturnValue("/apply");
    rerender(<Sidebar items={items} onLogout={jest.fn()} />);
    pathname.mockReturnValue("/dashboard");
    rerender(<Sidebar items={items} onLogout={jest.fn()} />);
    expect(nav).toHaveAttribute("data-state", "expanded");
  });

  it("drops a narrow screen's choice when the viewport crosses 1200 px", async () => {
    const user = userEvent.setup();
    const { nav, toggle } = renderSidebar({ width: 1000 });
    // Pinned open by keyboard: a pointer click would land on the hover-expanded bar and collapse it.
    act(() => toggle.focus());
    await user.keyboard("{Enter}");
    expect(nav).toHaveAttribute("data-state", "expanded");
    act(() => media.setWidth(1300));
    act(() => media.setWidth(1000));
    expect(nav).toHaveAttribute("data-state", "minimised");
  });

  it("controls the list it names", () => {
    const { toggle } = renderSidebar();
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(list?.tagName).toBe("UL");
  });
});
