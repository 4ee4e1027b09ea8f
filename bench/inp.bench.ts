/**
 * Interaction to Next Paint of every interaction on every in-app page state (issue 52): the
 * browser's own Event Timing entries (e2e/fixtures/interaction-timing.ts), at 375 px with a 4×
 * slower CPU through DevTools, against the production build with the local stand-ins.
 *
 * On each state (e2e/in-app-pages.ts, signed in with its persona as the e2e suite signs in) it:
 * opens what opens on a press (the by-hand bank form, an in-place edit and its Cancel), then in every
 * form on the page clicks each field and types into it character by character (digits in numeric and
 * masked fields, a name, an e-mail, an amount…), steps each select with the keyboard, ticks each
 * choice, and presses the form's submit button (errors where the values are incomplete, success where
 * they are whole: /login's code, /bank's by-hand account); then the widget buttons (Plaid, Argyle)
 * and the signing button. It prints each interaction's worst duration split into input delay,
 * processing and presentation, and each state's worst, and writes reports/inp.json.
 *
 * Each field is scrolled to the middle of the viewport before it is used, as a phone scrolls a
 * focused field above its keyboard: headless Chromium does not present the frames of keystrokes in
 * an input that sits near the bottom of the viewport until the page next scrolls, so their Event
 * Timing entries all end at that scroll (2 s and more on a bare page with one input; bench/README.md).
 *
 * Not part of CI. Run: npm run build && npm run bench:inp (BENCH_PAGES=a,b for some states;
 * BENCH_RUNS, default 3; E2E_PORT_BASE moves the server, default 3100; BENCH_TRACE=<text> prints where
 * the main thread's time went in each interaction whose name holds the text).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium as playwrightChromium, type Browser, type Locator, type Page } from "@playwright/test";
import { chromium } from "../playwright.config";
import { LOCAL_ORIGIN } from "../e2e/fixtures/personas";
import { PAGE_STATES, PersonaSessions, type PageState } from "../e2e/in-app-pages";
import { observeInteractions, throttleCpu, worstInteraction, type InteractionTiming } from "../e2e/fixtures/interaction-timing";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 375, height: 812 };
/** The compass goal (issue 52); Google's "good" INP is 200 ms. */
const GOAL_MS = 100;
/**
 * How long a tap holds the pointer down. Playwright's bare click sends down, up and click in one
 * task, so the frame after the pointerdown also carries the click's work (two interactions' work in
 * one frame, 40–90 ms more at 4×); a finger rests on the glass 50–100 ms, and the pointerdown's
 * frame is painted before it lifts. The keystrokes keep no hold: a phone's soft keyboard sends
 * keydown and keyup together.
 */
const TAP_HOLD_MS = 80;
const tap = (locator: Locator) => locator.click({ delay: TAP_HOLD_MS });

type Row = { state: string; interaction: string; timing: InteractionTiming | null };

/** What a person types into a field, by what the field says it takes. */
function sampleFor(meta: { type: string; inputMode: string; label: string; autocomplete: string }): string {
  const label = meta.label.toLowerCase();
  if (label.includes("routing")) return "011000015";
  if (label.includes("account number")) return "123456789";
  if (label.includes("code")) return "123456";
  if (meta.type === "email" || label.includes("e-mail")) return "jordan.rivera@example.com";
  if (meta.type === "tel" || meta.inputMode === "tel" || label.includes("phone")) return "5551234567";
  if (label.includes("social security")) return "666000001";
  if (meta.inputMode === "decimal") return "4500";
  if (meta.inputMode === "numeric") return label.includes("date") || label.includes("birth") ? "02031988" : "12";
  if (label.includes("date")) return "02/03/1988";
  return "Springfield 12";
}

async function centre(locator: Locator): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
}

/** BENCH_TRACE=<text>: each interaction whose name holds it is traced and its main-thread work printed by kind. */
const TRACE = process.env.BENCH_TRACE;

/**
 * Where an interaction's time went, from a Chromium trace of it: the renderer main thread's top-level
 * work by kind (style, layout, paint, script…), summed, so a presentation-bound figure names its cost.
 */
async function traced<T>(page: Page, label: string, act: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const events: { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string } }[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as typeof events)));
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink"] },
  });
  const value = await act();
  await cdp.send("Tracing.end");
  await done;
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const totals = new Map<string, number>();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== "X" || !e.dur) continue;
    if (
      !/^(UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|Commit|FunctionCall|EventDispatch|HitTest|ParseHTML|EvaluateScript|RunMicrotasks|TimerFire|FireAnimationFrame|IntersectionObserverController::computeIntersections|ScheduleStyleRecalculation|UpdateLayer|RasterTask|MarkDOMContent)$/.test(
        e.name,
      )
    )
      continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
  }
  const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`trace ${label}: ${top.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", ")} (ms, main thread, nested counted in each)`);
  // Every thread's busy time (its outermost slices), so work off the main thread (raster, the GPU
  // process, the display compositor) shows beside it.
  const names = new Map(events.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? "?"]));
  const busy = new Map<string, number>();
  const open = new Map<string, number>();
  for (const e of [...events].filter((e) => e.ph === "X" && e.dur).sort((a, b) => a.ts - b.ts)) {
    const key = `${e.pid}:${e.tid}`;
    const ts = e.ts;
    if ((open.get(key) ?? 0) > ts) continue; // nested inside an outer slice already counted
    open.set(key, ts + e.dur!);
    const name = names.get(key) ?? key;
    busy.set(name, (busy.get(name) ?? 0) + e.dur! / 1000);
  }
  const threads = [...busy].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(`trace ${label}: threads ${threads.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", ")} (ms busy)`);
  await cdp.detach();
  return value;
}

async function measure(page: Page, rows: Row[], state: string, interaction: string, act: () => Promise<unknown>): Promise<void> {
  try {
    const timing =
      TRACE && interaction.includes(TRACE)
        ? await traced(page, `${state} | ${interaction}`, () => worstInteraction(page, act))
        : await worstInteraction(page, act);
    rows.push({ state, interaction, timing });
  } catch (error) {
    console.warn(`${state}: ${interaction}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
}

async function accessibleName(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? input.name ?? el.tagName;
    return label.replace(/\s+/g, " ").trim();
  });
}

/** Every visible, enabled field of every form on the page, typed, stepped or ticked; then the form's submit. */
async function exerciseForms(page: Page, rows: Row[], state: string): Promise<void> {
  const forms = page.locator("form:visible");
  for (let f = 0; f < (await forms.count()); f++) {
    const form = forms.nth(f);
    const fields = form.locator(
      "input:visible:enabled:not([readonly]), textarea:visible:enabled, select:visible:enabled, [role=combobox]:visible",
    );
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      const meta = await field.evaluate((el) => ({
        tag: el.tagName.toLowerCase(),
        type: (el as HTMLInputElement).type ?? "",
        inputMode: (el as HTMLInputElement).inputMode ?? "",
        autocomplete: el.getAttribute("autocomplete") ?? "",
        label: (el as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s+/g, " ").trim() ?? el.getAttribute("aria-label") ?? "",
      }));
      const name = meta.label || meta.tag;
      await centre(field);
      if (meta.tag === "select") {
        await measure(page, rows, state, `select ${name}: focus`, () => tap(field));
        await measure(page, rows, state, `select ${name}: step with the keyboard`, () => field.press("ArrowDown"));
        continue;
      }
      if (meta.type === "radio" || meta.type === "checkbox") {
        await measure(page, rows, state, `choose ${name}`, () => tap(field));
        continue;
      }
      await measure(page, rows, state, `click ${name}`, () => tap(field));
      await page.keyboard.press("End");
      let worst: InteractionTiming | null = null;
      for (const ch of sampleFor(meta)) {
        try {
          const t = await worstInteraction(page, () => page.keyboard.press(ch));
          if (t && (!worst || t.duration > worst.duration)) worst = t;
        } catch {
          break; // the field went away (a step that moved on)
        }
      }
      rows.push({ state, interaction: `type ${name} (per keystroke)`, timing: worst });
    }
    const submit = form.locator("button[type=submit]:visible:enabled").first();
    if (await submit.count()) {
      const label = await accessibleName(submit);
      await centre(submit);
      await measure(page, rows, state, `submit "${(await submit.textContent())?.trim() ?? label}"`, () => tap(submit));
      await page.waitForTimeout(1500);
    }
  }
}

/** Buttons that open something in place; each is pressed and, where a Cancel appears, closed again. */
async function exerciseButtons(page: Page, rows: Row[], state: string): Promise<void> {
  const open = page.getByRole("button", { name: /^(Edit|Change)\b/ });
  for (let i = 0; i < (await open.count()); i++) {
    const button = open.nth(i);
    if (!(await button.isVisible())) continue;
    const name = (await button.textContent())?.trim() ?? "edit";
    await centre(button);
    await measure(page, rows, state, `open "${name}"`, () => tap(button));
    await exerciseForms(page, rows, state);
    const cancel = page.getByRole("button", { name: "Cancel" }).first();
    if (await cancel.isVisible().catch(() => false)) {
      await centre(cancel);
      await measure(page, rows, state, `close "${name}" (Cancel)`, () => tap(cancel));
    }
  }
}

async function pressIfThere(page: Page, rows: Row[], state: string, name: RegExp, label: string): Promise<boolean> {
  const button = page.getByRole("button", { name }).first();
  if (!(await button.isVisible().catch(() => false)) || !(await button.isEnabled())) return false;
  await centre(button);
  await measure(page, rows, state, label, () => tap(button));
  await page.waitForTimeout(1500);
  return true;
}

/**
 * The browser's own floor, measured in the same runs: a bare HTML page (no framework, no styles
 * beyond the browser's) with the controls the app's forms use, exercised exactly as the app's pages.
 * A native select's picker, for one, costs the browser itself about as much as the goal.
 */
const BARE_STATE = "bare page (control)";
const US_STATES =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  );
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Bare</title></head>
<body style="font:16px sans-serif;margin:16px"><h1>Bare page</h1>
<button type="button" onclick="document.getElementById('f').hidden=false">Edit details</button>
<form id="f" hidden onsubmit="event.preventDefault();document.getElementById('e').textContent='Enter your city'">
<p><label for="c">City</label><br><input id="c" name="city" autocomplete="off"></p>
<p><label for="s">State</label><br><select id="s"><option value="">Choose</option>${US_STATES.map((c) => `<option>${c}</option>`).join("")}</select></p>
<p><label for="r">Reason</label><br><select id="r"><option>Medical bills</option><option>Car repair</option><option>Other</option></select></p>
<p id="e" role="alert"></p><button type="submit">Continue</button></form></body></html>`;

async function exerciseBare(browser: Browser, origin: string, rows: Row[]): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  try {
    await page.goto(origin);
    await observeInteractions(page);
    await throttleCpu(page, CPU_SLOWDOWN);
    await exerciseButtons(page, rows, BARE_STATE);
  } finally {
    await context.close();
  }
}

async function exercise(sessions: PersonaSessions, state: PageState, rows: Row[]): Promise<void> {
  const context = await sessions.context(state.persona, VIEWPORT);
  // tsx (esbuild's keepNames) wraps the functions passed to evaluate in __name().
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  const page = await context.newPage();
  try {
    if (state.hold) await page.route(`**${state.hold}`, () => undefined);
    await page.goto(state.path);
    await state.ready(page);
    await state.act?.(page);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await observeInteractions(page);
    await throttleCpu(page, CPU_SLOWDOWN);
    await pressIfThere(page, rows, state.name, /^Enter account details$/, 'open the by-hand form ("Enter account details")');
    await exerciseButtons(page, rows, state.name);
    await exerciseForms(page, rows, state.name);
    // The widgets and the signing button last: each leaves the page for a widget.
    await pressIfThere(page, rows, state.name, /^Link a bank account$/, "Plaid (Link a bank account)");
    await pressIfThere(page, rows, state.name, /argyle|connect.*(payroll|employer)/i, "Argyle");
    await pressIfThere(page, rows, state.name, /^Open your contract$/, "signing (Open your contract)");
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n)}`;
const fmt = (t: InteractionTiming | null) =>
  t ? `${ms(t.duration)} ms (${t.event}: ${ms(t.inputDelay)} + ${ms(t.processing)} + ${ms(t.presentation)})` : "<16 ms";

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { redirect: "manual" })).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up in ${timeoutMs / 1000} s`);
}

async function main(): Promise<void> {
  const port = new URL(LOCAL_ORIGIN).port;
  const dataDir = path.join(ROOT, "data", "bench-inp");
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ["scripts/start.mjs", "-p", port, "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: "local", NODE_ENV: "production", LOCAL_DATA_DIR: path.join(dataDir, "pglite"), LOCAL_OTP_CODE: "" },
    stdio: "ignore",
  });
  process.on("SIGINT", () => {
    server.kill("SIGTERM");
    process.exit(130);
  });
  try {
    console.log(`starting the app on ${LOCAL_ORIGIN} (seeding the local data)…`);
    await waitFor(`${LOCAL_ORIGIN}/api/local/outbox?format=json`, 300_000);
    const states = PAGE_STATES.filter((s) => !ONLY || ONLY.includes(s.name));
    const browser = await playwrightChromium.launch({ executablePath: chromium.executablePath, args: chromium.args });
    const bare = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BARE_PAGE));
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const bareOrigin = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
    const rows: Row[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const from = rows.length;
        await exerciseBare(browser, bareOrigin, rows);
        for (const row of rows.slice(from)) console.log(`run ${run}/${RUNS} ${BARE_STATE} | ${row.interaction} | ${fmt(row.timing)}`);
        // Fresh sign-ins each run: a run outlives no identity token.
        const sessions = new PersonaSessions(browser);
        for (const state of states) {
          try {
            const from = rows.length;
            await exercise(sessions, state, rows);
            // Each state's figures as they come, so a long run stopped early still says something.
            for (const row of rows.slice(from)) console.log(`run ${run}/${RUNS} ${state.name} | ${row.interaction} | ${fmt(row.timing)}`);
          } catch (error) {
            console.warn(`run ${run}/${RUNS} ${state.name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
          }
        }
      }
    } finally {
      await browser.close();
      bare.close();
    }

    // Worst of the runs per interaction, in the order first met.
    const worst = new Map<string, Row>();
    for (const row of rows) {
      const key = `${row.state}\u0000${row.interaction}`;
      const seen = worst.get(key);
      if (!seen || (row.timing?.duration ?? 0) > (seen.timing?.duration ?? 0)) worst.set(key, row);
    }
    const when = new Date().toISOString();
    console.log(
      `\nEvent Timing, ${VIEWPORT.width} px, ${CPU_SLOWDOWN}× CPU (DevTools), worst of ${RUNS} runs, ${when}; "<16": under the browser's 16 ms floor\n`,
    );
    console.log("| page (state) | interaction | worst ms | input delay | processing | presentation |");
    console.log("|---|---|---|---|---|---|");
    const pageWorst = new Map<string, Row>();
    for (const row of worst.values()) {
      const t = row.timing;
      console.log(
        `| ${row.state} | ${row.interaction} | ${t ? ms(t.duration) : "<16"}${t && t.duration > GOAL_MS ? " ✗" : ""} | ${t ? ms(t.inputDelay) : ""} | ${t ? ms(t.processing) : ""} | ${t ? ms(t.presentation) : ""} |`,
      );
      const w = pageWorst.get(row.state);
      if (!w || (row.timing?.duration ?? 0) > (w.timing?.duration ?? 0)) pageWorst.set(row.state, row);
    }
    console.log("\n| page (state) | worst interaction | ms |\n|---|---|---|");
    for (const [state, row] of pageWorst)
      console.log(`| ${state} | ${row.interaction} | ${row.timing ? ms(row.timing.duration) : "<16"} |`);
    mkdirSync(path.join(ROOT, "reports"), { recursive: true });
    writeFileSync(
      path.join(ROOT, "reports", "inp.json"),
      JSON.stringify({ when, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, rows: [...worst.values()] }, null, 2),
    );
    const over = [...worst.values()].filter((r) => r.state !== BARE_STATE && (r.timing?.duration ?? 0) > GOAL_MS);
    if (over.length) {
      console.error(`\n${over.length} interaction(s) over ${GOAL_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    server.kill("SIGTERM");
  }
}

await main();
