import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { findLeaks } from "../tools/log-scan/scan";
import { typedSecrets } from "./fixtures/typed-secrets";
import { E2E_DATA, serverLog, type LocalServerKind } from "./servers";

/**
 * After the whole suite (journeys, sign-ins, bank links, signing): none of the personal values the
 * tests typed or received appears in what the local servers wrote — the shell's and the stand-ins'
 * output alike (one process each). A failure here fails the run.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const KINDS: LocalServerKind[] = ["local", "short-otp", "faults", "deadline"];

/** Every local server's log of the run: each worker's (w0, w1, …) of each kind that ran. */
function serverLogs(): string[] {
  const slots = existsSync(E2E_DATA) ? readdirSync(E2E_DATA).filter((d) => /^w\d+$/.test(d)) : [];
  return slots.flatMap((d) => KINDS.map((kind) => serverLog(kind, Number(d.slice(1))))).filter((file) => existsSync(file));
}

export default function scanServerLogs(): void {
  const secrets = typedSecrets();
  const logs = serverLogs();
  const names = logs.map((file) => path.relative(ROOT, file));
  // The whole suite (CI sets LOG_SCAN_REQUIRED) types dozens of values: too few means the scan proves nothing.
  const missing = KINDS.filter((kind) => !names.some((name) => name.includes(`/${kind}/`)));
  if (process.env.LOG_SCAN_REQUIRED === "1" && (secrets.length < 20 || missing.length > 0)) {
    throw new Error(
      `log scan: too little to scan (${secrets.length} typed values; logs: ${names.join(", ") || "none"}; no ${missing.join(", ")} log)`,
    );
  }
  const leaks = findLeaks(
    logs.map((file, i) => ({ name: names[i]!, text: readFileSync(file, "utf8") })),
    secrets,
  );
  if (leaks.length) throw new Error(`personal data in the server output:\n${leaks.join("\n")}`);
  console.log(`log scan: none of ${secrets.length} typed values in ${names.join(", ")}`);
}
