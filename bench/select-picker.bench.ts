/**
 * What opening a native select's picker costs, and whether anything of the page's is in it (issue 52):
 * the same tap, measured as bench:inp measures it (Event Timing, 375 px, 4× CPU, an 80 ms tap), on
 * one select in pages that differ only in what the app could change: the browser's default look,
 * the app's font stack, the app's whole built stylesheet with the form kit's select classes, the
 * app's stylesheet with a plain font, and a 3-option select. Variants are interleaved round by round,
 * each in a fresh browser context (so each round's first open is a first open, as on a page), and
 * each page's select is opened three times.
 *
 * Not part of CI. Run: npm run build && npx tsx bench/select-picker.bench.ts (BENCH_ROUNDS, default 4).
 */
import http from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium as playwrightChromium } from "@playwright/test";
import { chromium } from "../playwright.config";
import { inputClass } from "../components/forms/field-shell";
import { US_STATES } from "../lib/personal/reference-lists";
import { observeInteractions, throttleCpu, worstInteraction } from "../e2e/fixtures/interaction-timing";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const OPENS_PER_PAGE = 3;
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3299);

const chunks = path.join(ROOT, ".next/static/chunks");
const cssFile = readdirSync(chunks).find((f) => f.endsWith(".css"));
if (!cssFile) throw new Error("Build the app first: npm run build");
const appCss = readFileSync(path.join(chunks, cssFile), "utf8");

// The app's own State select: every state and territory, by name (address-fields.tsx).
const STATE_OPTIONS = `<option value="">Choose…</option>${US_STATES.map((s) => `<option value="${s.abbreviation}">${s.name}</option>`).join("")}`;
const page = (head: string, body: string, select: string, options = STATE_OPTIONS) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Select</title>${head}</head>` +
  `<body ${body}><h1>Select</h1><label for="s">State</label><select id="s" ${select}>${options}</select></body></html>`;
const APP_BODY = `class="bg-white text-ink antialiased"`;
const VARIANTS: Record<string, string> = {
  [`browser default (${US_STATES.length + 1} options)`]: page("", `style="font:16px sans-serif;margin:16px"`, ""),
  "the app's font stack": page(
    "",
    `style="font:16px system-ui, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji';margin:16px"`,
    "",
  ),
  "the app's stylesheet and select classes": page(`<style>${appCss}</style>`, APP_BODY, `class="${inputClass}"`),
  "the same, plain sans-serif": page(`<style>${appCss}</style>`, `${APP_BODY} style="font-family:sans-serif"`, `class="${inputClass}"`),
  "browser default, 3 options": page(
    "",
    `style="font:16px sans-serif;margin:16px"`,
    "",
    "<option>a</option><option>b</option><option>c</option>",
  ),
};
const NAMES = Object.keys(VARIANTS);

async function main(): Promise<void> {
  const server = http.createServer((req, res) => {
    const name = NAMES[Number(req.url?.slice(1))];
    res.writeHead(name ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(name ? VARIANTS[name] : "");
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
  const browser = await playwrightChromium.launch(chromium);
  const first = new Map<string, number[]>(NAMES.map((n) => [n, []]));
  const later = new Map<string, number[]>(NAMES.map((n) => [n, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, name] of NAMES.entries()) {
        const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
        // tsx (esbuild's keepNames) wraps the functions passed to evaluate in __name().
        await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
        const tab = await context.newPage();
        await tab.goto(`http://127.0.0.1:${PORT}/${i}`);
        await observeInteractions(tab);
        await throttleCpu(tab, 4);
        for (let open = 0; open < OPENS_PER_PAGE; open++) {
          const timing = await worstInteraction(tab, () => tab.locator("#s").click({ delay: 80 }));
          (open === 0 ? first : later).get(name)!.push(timing?.duration ?? 0);
          await tab.keyboard.press("Escape");
          await tab.locator("h1").click();
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const summary = (v: number[]) => {
    const s = sorted(v);
    return `median ${String(s[Math.floor(s.length / 2)]).padStart(4)}  worst ${String(s.at(-1)).padStart(4)}`;
  };
  console.log(`opening a native select's picker (ms, Event Timing, 375 px, 4× CPU; ${ROUNDS} rounds):`);
  console.log(`  ${"page".padEnd(42)} ${"first open in the page".padEnd(26)} later opens`);
  for (const name of NAMES) console.log(`  ${name.padEnd(42)} ${summary(first.get(name)!).padEnd(26)} ${summary(later.get(name)!)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
