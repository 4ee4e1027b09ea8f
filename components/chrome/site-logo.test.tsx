/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { MARK, SiteLogo } from "./site-logo";

const ICON = readFileSync(path.join(process.cwd(), "app", "icon.svg"), "utf8");
const attr = (element: string, name: string) => new RegExp(`<${element}[^>]*\\s${name}="([^"]+)"`).exec(ICON)?.[1];
// The brand colours from the theme's one home, app/globals.css (@theme).
const THEME = readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8");
const colour = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`).exec(THEME)?.[1] ?? "(not in the theme)";
const brand = { DEFAULT: colour("brand"), light: colour("brand-light") };

describe("SiteLogo", () => {
  it("is one link home, named for people who cannot see the mark", () => {
    render(<SiteLogo />);
    expect(screen.getByRole("link", { name: "Employee Loans home" })).toHaveAttribute("href", "/");
    expect(document.querySelector("img")).toBeNull();
  });

  it("draws the favicon's mark (app/icon.svg) in the brand colours", () => {
    expect(attr("svg", "viewBox")).toBe(MARK.viewBox);
    expect(attr("rect", "rx")).toBe(String(MARK.background.rx));
    expect(attr("rect", "fill")).toBe(brand.DEFAULT);
    expect(attr("path", "d")).toBe(MARK.letter.d);
    expect(attr("path", "fill")).toBe("#fff");
    expect([attr("circle", "cx"), attr("circle", "cy"), attr("circle", "r")]).toEqual([MARK.dot.cx, MARK.dot.cy, MARK.dot.r].map(String));
    expect(attr("circle", "fill")).toBe(brand.light);
  });
});
