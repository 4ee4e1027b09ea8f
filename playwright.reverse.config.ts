import { readdirSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The whole e2e suite with its spec files in reverse order (issue 16: no spec may depend on one that
 * runs before it). Playwright runs files in name order whatever order the command line gives them,
 * so each spec file gets its own project, listed in reverse; one worker runs the projects in the
 * order they are listed. `npx playwright test -c playwright.reverse.config.ts` (after `npm run build`).
 */
const chromium = base.projects!.find((p) => p.name === "chromium")!;
const routes = base.projects!.find((p) => p.name === "routes")!;
const specs = readdirSync(new URL("./e2e", import.meta.url))
  .filter((f) => f.endsWith(".spec.ts"))
  .sort()
  .reverse();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export default defineConfig({
  ...base,
  workers: 1,
  projects: [
    routes,
    // Named by file only: a worker loads this config again, and a spec file added meanwhile must not rename a project.
    ...specs.map((file) => ({ ...chromium, name: file.replace(/\.spec\.ts$/, ""), testMatch: new RegExp(`[\\\\/]${escape(file)}$`) })),
  ],
});
