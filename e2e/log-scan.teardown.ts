import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { findLeaks } from "../tools/log-scan/scan";
import { typedSecrets } from "./fixtures/typed-secrets";

/**
 * After the whole suite (journeys, sign-ins, bank links, signing): none of the personal values the
 * tests typed or received appears in what the local servers wrote — the shell's and the stand-ins'
 * output alike (one process each). A failure here fails the run.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SERVER_LOGS = ["data/e2e/server.log", "data/e2e-short-otp/server.log", "data/e2e-faults/server.log"];

export default function scanServerLogs(): void {
  const secrets = typedSecrets();
  const logs = SERVER_LOGS.filter((file) => existsSync(path.join(ROOT, file)));
  // The whole suite (CI sets LOG_SCAN_REQUIRED) types dozens of values: too few means the scan proves nothing.
  if (process.env.LOG_SCAN_REQUIRED === "1" && (secrets.length < 20 || logs.length < SERVER_LOGS.length)) {
    throw new Error(`log scan: too little to scan (${secrets.length} typed values; logs: ${logs.join(", ") || "none"})`);
  }
  const leaks = findLeaks(
    logs.map((name) => ({ name, text: readFileSync(path.join(ROOT, name), "utf8") })),
    secrets,
  );
  if (leaks.length) throw new Error(`personal data in the server output:\n${leaks.join("\n")}`);
  console.log(`log scan: none of ${secrets.length} typed values in ${logs.join(", ")}`);
}
