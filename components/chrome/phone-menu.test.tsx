/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { mockMatchMedia, type MatchMediaMock } from "@/components/ui/match-media-mock";
import { PhoneMenu } from "./phone-menu";
import type { SidebarItem } from "./sidebar-items";

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));

const items: SidebarItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: "dashboard", audience: "everyone" },
  { label: "My Loan", href: "/loan", icon: "loan", audience: "everyone" },
];
const quickLinks = [
  { label: "Dashboard", href: "/dashboard" },
  { label: "FAQ", href: "/FAQ" },
];

let media: MatchMediaMock;
beforeEach(() => {
  jest.mocked(usePathname).mockReturnValue("/personal");
  media = mockMatchMedia(375);
});
afterEach(() => media.restore());

function setup(onLogout = jest.fn()) {
  render(
    <>
      <PhoneMenu quickLinks={quickLinks} items={items} onLogout={onLogout} />
      <a href="/elsewhere">Outside</a>
    </>,
  );
  return { user: userEvent.setup(), onLogout };
}

describe("PhoneMenu", () => {
  it("opens a modal drawer with the quick links and the sidebar's items, each once, and Logout", async () => {
    const { user, onLogout } = setup();
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    const drawer = screen.getByRole("dialog", { name: "Menu" });
    expect(drawer).toHaveAttribute("aria-modal", "true");
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveFocus();
    expect(screen.getAllByRole("link", { name: "Dashboard" })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/FAQ");
    expect(screen.getByRole("link", { name: "My Loan" })).toHaveAttribute("href", "/loan");
    // The page behind is inert while it is open.
    expect(screen.getByText("Outside").closest("[inert]")).not.toBeNull();
    // The backdrop stays clickable: it is inside the trapped region, not made inert with the page.
    expect(screen.getByTestId("phone-menu-backdrop").closest("[inert]")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("Tab cycles inside; Escape closes and gives focus back to the button", async () => {
    const { user } = setup();
    const button = screen.getByRole("button", { name: "Menu" });
    await user.click(button);
    const drawer = screen.getByRole("dialog", { name: "Menu" });
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(screen.getByText("Outside").closest("[inert]")).toBeNull();
  });

  it("the close button and the backdrop close it", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByTestId("phone-menu-backdrop"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is not shown above the phone width", async () => {
    const { user } = setup();
    media.setWidth(800);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
