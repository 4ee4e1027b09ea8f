#!/usr/bin/env node
// `npm run dev`: Next's development server, and locally (APP_ENV unset or local) the stand-ins'
// own process first (local/server.ts, scripts/stand-ins-process.mjs), with the same environment,
// so /api/local/* answers as under `npm start`. Arguments go to `next dev` (`npm run dev -- -p 4000`);
// the port and host given there are also the stand-ins' idea of the app's URL.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStandIns } from "./stand-ins-process.mjs";

const args = process.argv.slice(2);
const value = (short, long) => {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === short || args[i] === long) return args[i + 1];
    if (args[i].startsWith(`${long}=`)) return args[i].slice(long.length + 1);
  }
  return undefined;
};
const port = value("-p", "--port") ?? process.env.PORT ?? "3000";
const host = value("-H", "--hostname") ?? process.env.HOSTNAME;
const local = (process.env.APP_ENV || "local") === "local";
process.env.PORT = port;
const nextArgs = [...args];
if (host) process.env.HOSTNAME = host;
else if (local) {
  // As npm start: local mode (published secrets, open code outbox) listens on loopback, and its
  // public origin is http://localhost:PORT (next dev itself would listen on every interface, which
  // the server's start-up refuses in local mode).
  process.env.HOSTNAME = "127.0.0.1";
  process.env.APP_URL ??= `http://localhost:${port}`;
  nextArgs.push("-H", "127.0.0.1");
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let standIns;
if (local && !process.env.LOCAL_STAND_INS_URL) {
  try {
    standIns = await startStandIns(root, { ...process.env });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  process.env.LOCAL_STAND_INS_URL = standIns.url;
}
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const next = spawn(process.execPath, [nextBin, "dev", ...nextArgs], { cwd: root, stdio: "inherit" });
// Ctrl-C reaches next dev itself (same process group); this process only waits for it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
next.once("exit", (code, signal) => {
  standIns?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
