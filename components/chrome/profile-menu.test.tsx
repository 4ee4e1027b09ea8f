/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ProfileMenu } from "./profile-menu";

function setup() {
  const onLogout = jest.fn();
  const user = userEvent.setup();
  render(
    <>
      <ProfileMenu onLogout={onLogout} />
      <button type="button">After</button>
    </>,
  );
  const button = screen.getByRole("button", { name: "Profile menu" });
  return { user, button, onLogout };
}

const items = () => screen.getAllByRole("menuitem");

describe("ProfileMenu", () => {
  it("is a closed menu button at first", () => {
    const { button } = setup();
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("opens on click with My Profile, Logout and Support, labelled by its button", async () => {
    const { user, button } = setup();
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("menu", { name: "Profile menu" });
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(items().map((i) => i.textContent)).toEqual(["My Profile", "Logout", "Support"]);
    expect(screen.getByRole("menuitem", { name: "My Profile" })).toHaveAttribute("href", "/AccountSettings");
    expect(screen.getByRole("menuitem", { name: "Support" })).toHaveAttribute("href", "/support");
    expect(items()[0]).toHaveFocus();
  });

  it.each([
    ["{Enter}", 0],
    [" ", 0],
    ["{ArrowDown}", 0],
    ["{ArrowUp}", 2],
  ])("opens from the keyboard with %s, focusing item %i", async (key, index) => {
    const { user, button } = setup();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard(key);
    expect(items()[index]).toHaveFocus();
  });

  it("moves with the arrows (wrapping), Home and End", async () => {
    const { user } = setup();
    await user.tab();
    await user.keyboard("{ArrowDown}");
    await user.keyboard("{ArrowDown}");
    expect(items()[1]).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(items()[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(items()[2]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(items()[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(items()[2]).toHaveFocus();
  });

  it("closes on Escape and returns focus to the button", async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("closes on Tab and lets focus move on", async () => {
    const { user } = setup();
    await user.tab();
    await user.keyboard("{ArrowDown}");
    await user.tab();
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
  });

  it("closes on a click outside", async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole("button", { name: "After" }));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("closes when the button is clicked again", async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("calls onLogout from Logout, by keyboard, and closes", async () => {
    const { user, onLogout } = setup();
    await user.tab();
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });
});
