/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { usePathname } from "next/navigation";
import { mockMatchMedia } from "@/components/ui/match-media-mock";
import { DashboardChrome } from "./dashboard-chrome";
import { SIGN_OUT_ENDPOINT, resetSignOutForTests, signOut } from "./sign-out";

jest.mock("next/navigation", () => ({ usePathname: jest.fn() }));
jest.mocked(usePathname).mockReturnValue("/personal");

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  resetSignOutForTests();
  // jsdom does not navigate; record the form that would have been posted.
  jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  document.body.querySelectorAll("form").forEach((f) => f.remove());
});
afterEach(() => jest.restoreAllMocks());

describe("signOut", () => {
  it("posts a hidden form to the sign-out route (a navigation, so the 303 is followed)", async () => {
    await signOut();
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.method).toBe("post");
    expect(new URL(form.action).pathname).toBe(SIGN_OUT_ENDPOINT);
    expect(form.hidden).toBe(true);
  });

  it("an idle sign-out posts its reason and the page to come back to; a plain one posts no fields", async () => {
    await signOut({ reason: "idle", redirect: "/personal?tab=2" });
    resetSignOutForTests();
    await signOut();
    const fields = submitted.map((form) => Object.fromEntries(new FormData(form)));
    expect(fields).toEqual([{ reason: "idle", redirect: "/personal?tab=2" }, {}]);
  });

  it("forgets every form's draft in this tab, and nothing else", async () => {
    sessionStorage.setItem("form-draft:personal-details:sub-1", JSON.stringify({ given_name: "Jordan" }));
    sessionStorage.setItem("form-draft:loan-request:sub-1", JSON.stringify({ amount: 4000 }));
    sessionStorage.setItem("unrelated", "kept");
    await signOut();
    expect(Object.keys(sessionStorage)).toEqual(["unrelated"]);
    sessionStorage.clear();
  });

  it("ignores a second call while the first is under way", async () => {
    await Promise.all([signOut(), signOut()]);
    await signOut();
    expect(submitted).toHaveLength(1);
  });
});

describe("Logout controls without an onLogout prop", () => {
  it.each(["sidebar", "profile menu"])("the %s signs out through the route", async (where) => {
    const media = mockMatchMedia(1280);
    const user = userEvent.setup();
    render(
      <DashboardChrome user={{ signedIn: true }} companyEmailDomains={[]}>
        <h1>Page</h1>
      </DashboardChrome>,
    );
    if (where === "sidebar") {
      await user.click(screen.getByRole("button", { name: "Logout" }));
    } else {
      await user.click(screen.getByRole("button", { name: "Profile menu" }));
      await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    }
    expect(submitted).toHaveLength(1);
    expect(new URL(submitted[0]!.action).pathname).toBe(SIGN_OUT_ENDPOINT);
    media.restore();
  });
});
