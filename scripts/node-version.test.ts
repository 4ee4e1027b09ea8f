import { readFileSync } from "node:fs";
import path from "node:path";

// One Node for development, tests and production (docs/operations.md#node): each file that names it
// must name the same major, or the test command, a developer's nvm and the image drift apart again.
const root = path.resolve(__dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  devDependencies: Record<string, string>;
};
const major = read(".nvmrc").trim();

describe("the project's Node major", () => {
  it(".nvmrc names a bare major (what nvm and scripts/node-runtime.sh read)", () => {
    expect(major).toMatch(/^[1-9][0-9]*$/);
  });

  it("engines and devEngines accept that major only", () => {
    expect(pkg.engines.node).toBe(`${major}.x`);
    expect(pkg.devEngines.runtime).toEqual({ name: "node", version: `${major}.x`, onFail: "warn" });
  });

  it("@types/node describes that major", () => {
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it("the Dockerfile's base image is that major", () => {
    expect(read("Dockerfile")).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${major}-slim$`, "m"));
  });
});
