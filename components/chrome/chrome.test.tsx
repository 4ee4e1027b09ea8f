/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { mockMatchMedia } from "@/components/ui/match-media-mock";
import { DashboardChrome } from "./dashboard-chrome";
import { PublicChrome } from "./public-chrome";

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));
jest.mocked(usePathname).mockReturnValue("/dashboard-sign");

const DOMAINS = ["lender.example"];

describe("PublicChrome", () => {
  it("renders banner, main and contentinfo around the page, without a sidebar", () => {
    render(
      <PublicChrome user={{ signedIn: false }} onLogout={jest.fn()}>
        <h1>Page</h1>
      </PublicChrome>,
    );
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("heading", { name: "Page" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toBeInTheDocument();
  });

  it("starts with a skip link to the main landmark", async () => {
    const user = userEvent.setup();
    render(
      <PublicChrome user={{ signedIn: true }} onLogout={jest.fn()}>
        <p>x</p>
      </PublicChrome>,
    );
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    expect(skip.getAttribute("href")).toBe(`#${screen.getByRole("main").id}`);
  });
});

describe("DashboardChrome", () => {
  it("adds the sidebar with the items for the user's flags and domain", () => {
    const media = mockMatchMedia(1280);
    render(
      <DashboardChrome
        user={{ signedIn: true, email: "ops@lender.example", adminPortalUser: true }}
        companyEmailDomains={DOMAINS}
        onLogout={jest.fn()}
      >
        <h1>Sign</h1>
      </DashboardChrome>,
    );
    const sidebar = screen.getByRole("navigation", { name: "Main" });
    for (const name of ["Review", "Counter Signs", "Servicing", "Verifications"]) {
      expect(within(sidebar).getByRole("link", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("main")).toHaveTextContent("Sign");
    expect(screen.getByRole("link", { name: "Check My Rate" })).toBeInTheDocument();
    media.restore();
  });

  it("hides staff links from a borrower", () => {
    render(
      <DashboardChrome user={{ signedIn: true, email: "jo@school.example" }} companyEmailDomains={DOMAINS} onLogout={jest.fn()}>
        <p>x</p>
      </DashboardChrome>,
    );
    const sidebar = screen.getByRole("navigation", { name: "Main" });
    expect(within(sidebar).queryByRole("link", { name: "Review" })).not.toBeInTheDocument();
    expect(within(sidebar).queryByRole("link", { name: "Servicing" })).not.toBeInTheDocument();
  });

  it("wires one onLogout to both the sidebar and the profile menu", async () => {
    const user = userEvent.setup();
    const onLogout = jest.fn();
    render(
      <DashboardChrome user={{ signedIn: true }} companyEmailDomains={DOMAINS} onLogout={onLogout}>
        <p>x</p>
      </DashboardChrome>,
    );
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", { name: "Logout" }));
    await user.click(screen.getByRole("button", { name: "Profile menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledTimes(2);
  });
});
