import { readFileSync } from "node:fs";
import path from "node:path";

/** The families of a custom property in the @theme block of app/globals.css, in order. */
function themeFamilies(property: string): string[] {
  const css = readFileSync(path.join(__dirname, "globals.css"), "utf8");
  const theme = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const value = new RegExp(`${property}:\\s*([^;]+);`).exec(theme)?.[1] ?? "";
  return value
    .split(",")
    .map((family) => family.trim().replace(/^"|"$/g, ""))
    .filter(Boolean);
}

describe("the page's text font (issue 24)", () => {
  const families = themeFamilies("--font-sans");

  it("names the platform's UI font first, so a device resolves it with one lookup", () => {
    expect(families[0]).toBe("system-ui");
  });

  it("lists no platform's font by name before the generic fallback: each one a device lacks costs a lookup on the first layout", () => {
    const generic = families.indexOf("sans-serif");
    expect(generic).toBeGreaterThan(0);
    expect(families.slice(0, generic)).toEqual(["system-ui"]);
  });
});
