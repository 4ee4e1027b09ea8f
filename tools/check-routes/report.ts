import type { Hop } from "./chain";
import type { Redactor } from "./identity";
import type { CellResult, RunResult } from "./run";

/**
 * The four outputs: a terminal matrix, a self-contained HTML grid, JSON and JUnit XML. Each is
 * passed through the redactor as a whole before it leaves, so no token can reach a report.
 */

const MARK = { pass: "✓", fail: "✗", error: "!" } as const;

function cellMap(result: RunResult): Map<string, CellResult> {
  return new Map(result.cells.map((c) => [`${c.persona}\u0000${c.case}`, c]));
}

export function counts(result: RunResult): { pass: number; fail: number; error: number } {
  const out = { pass: 0, fail: 0, error: 0 };
  for (const c of result.cells) out[c.outcome]++;
  return out;
}

export function hopText(h: Hop): string {
  return `${h.status} ${h.url}${h.location ? ` → ${h.location}` : ""} [${h.decision ?? "no x-route-decision"}]`;
}

/** Route × persona matrix (personas are columns, numbered, with a legend), then every difference. */
export function terminalReport(result: RunResult, redactor: Redactor, color = false): string {
  const paint = (s: string, code: number) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const cells = cellMap(result);
  const personas = result.personas;
  const width = Math.max(...result.cases.map((c) => c.id.length), 5);
  const lines: string[] = [];
  lines.push(`Route check of ${result.baseUrl} (APP_ENV ${result.appEnv}): ${personas.length} personas × ${result.cases.length} routes`);
  personas.forEach((p, i) => {
    let what = p.description;
    if (p.error) what = paint(p.error, 31);
    else if (p.claims) what = `step ${p.claims.step}, loan ${p.claims.loanState}`;
    lines.push(`  ${String(i + 1).padStart(2)} ${p.name}${what ? ` — ${what}` : ""}`);
    for (const w of p.warnings) lines.push(`     ${paint(`warning: ${w}`, 33)}`);
  });
  lines.push("");
  lines.push(`${"".padEnd(width)}  ${personas.map((_, i) => String(i + 1).padStart(2)).join(" ")}`);
  for (const c of result.cases) {
    const row = personas.map((p) => {
      const cell = cells.get(`${p.name}\u0000${c.id}`);
      if (!cell) return "  ";
      return paint(MARK[cell.outcome].padStart(2), cell.outcome === "pass" ? 32 : 31);
    });
    lines.push(`${c.id.padEnd(width)}  ${row.join(" ")}`);
  }
  // A persona that could not sign in is named once above, not once per route.
  const failedSignIn = new Set(personas.filter((p) => p.error).map((p) => p.name));
  const bad = result.cells.filter((c) => c.outcome !== "pass" && !failedSignIn.has(c.persona));
  if (bad.length) {
    lines.push("", "Differences:");
    for (const c of bad) {
      lines.push(`  ${c.persona} × ${c.case} (${c.url}):`);
      for (const d of c.differences) lines.push(`    - ${d}`);
    }
  }
  const n = counts(result);
  lines.push("", `${n.pass} passed, ${n.fail} differ, ${n.error} could not be checked`);
  return redactor.redact(lines.join("\n"));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function chainHtml(hops: readonly Hop[]): string {
  if (!hops.length) return "<em>none</em>";
  return `<ol>${hops.map((h) => `<li><code>${escapeHtml(hopText(h))}</code></li>`).join("")}</ol>`;
}

/** One page, no external resources: the grid, each cell opening to its expected and actual chains. */
export function htmlReport(result: RunResult, redactor: Redactor): string {
  const cells = cellMap(result);
  const n = counts(result);
  const head = result.personas
    .map(
      (p) =>
        `<th scope="col" title="${escapeHtml(p.error ?? (p.claims ? `step ${p.claims.step}, loan ${p.claims.loanState}` : p.description))}"><span>${escapeHtml(p.name)}</span></th>`,
    )
    .join("");
  const rows = result.cases
    .map((c) => {
      const tds = result.personas
        .map((p) => {
          const cell = cells.get(`${p.name}\u0000${c.id}`);
          if (!cell) return "<td></td>";
          const diff = cell.differences.length
            ? `<p><strong>Differences</strong></p><ul>${cell.differences.map((d) => `<li>${escapeHtml(d)}</li>`).join("")}</ul>`
            : "";
          return `<td class="${cell.outcome}"><details><summary aria-label="${escapeHtml(`${p.name} × ${c.id}: ${cell.outcome}`)}">${MARK[cell.outcome]}</summary><div class="pop"><p><strong>${escapeHtml(p.name)} × ${escapeHtml(c.url)}</strong></p>${diff}<p>Expected</p>${chainHtml(cell.expected)}<p>Actual</p>${chainHtml(cell.actual)}</div></details></td>`;
        })
        .join("");
      return `<tr><th scope="row"><code>${escapeHtml(c.id)}</code></th>${tds}</tr>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Route check: ${escapeHtml(result.baseUrl)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1rem;color:#111}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:2px 4px;text-align:center;vertical-align:top}
thead th{height:9rem;white-space:nowrap;vertical-align:bottom}thead th span{writing-mode:vertical-rl;transform:rotate(180deg)}
th[scope=row]{text-align:left;white-space:nowrap;position:sticky;left:0;background:#fff}
td.pass{background:#e6f4ea}td.fail{background:#fce8e6}td.error{background:#fef7e0}
summary{cursor:pointer;list-style:none}details[open] .pop{position:absolute;z-index:2;background:#fff;border:1px solid #888;padding:.5rem;text-align:left;max-width:48rem;box-shadow:0 2px 8px #0003}
code{font-size:12px}
</style></head><body>
<h1>Route check of ${escapeHtml(result.baseUrl)}</h1>
<p>APP_ENV ${escapeHtml(result.appEnv)} · ${result.personas.length} personas × ${result.cases.length} routes · <strong>${n.pass} passed, ${n.fail} differ, ${n.error} could not be checked</strong> · ${escapeHtml(result.startedAt)}</p>
<p>Hosted apps: ${Object.entries(result.hosts)
    .map(([k, v]) => `${escapeHtml(k)} <code>${escapeHtml(v)}</code>`)
    .join(", ")}</p>
<table><thead><tr><th scope="col">route</th>${head}</tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
  return redactor.redact(html);
}

export function jsonReport(result: RunResult, redactor: Redactor): string {
  return redactor.redact(JSON.stringify({ ...result, summary: counts(result) }, null, 2));
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

/** One suite per persona, one test case per route: the differences are the failure message. */
export function junitReport(result: RunResult, redactor: Redactor): string {
  const n = counts(result);
  const suites = result.personas.map((p) => {
    const mine = result.cells.filter((c) => c.persona === p.name);
    const failed = mine.filter((c) => c.outcome === "fail").length;
    const errors = mine.filter((c) => c.outcome === "error").length;
    const cases = mine
      .map((c) => {
        const name = escapeXml(`${c.case} ${c.url}`);
        const body =
          c.outcome === "pass"
            ? ""
            : `<${c.outcome === "fail" ? "failure" : "error"} message="${escapeXml(c.differences[0] ?? c.outcome)}">${escapeXml(
                [...c.differences, "expected:", ...c.expected.map(hopText), "actual:", ...c.actual.map(hopText)].join("\n"),
              )}</${c.outcome === "fail" ? "failure" : "error"}>`;
        return `    <testcase classname="${escapeXml(`route-check.${p.name}`)}" name="${name}">${body}</testcase>`;
      })
      .join("\n");
    return `  <testsuite name="${escapeXml(p.name)}" tests="${mine.length}" failures="${failed}" errors="${errors}">\n${cases}\n  </testsuite>`;
  });
  return redactor.redact(
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="route-check ${escapeXml(result.baseUrl)}" tests="${result.cells.length}" failures="${n.fail}" errors="${n.error}">\n${suites.join("\n")}\n</testsuites>\n`,
  );
}
