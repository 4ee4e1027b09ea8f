#!/usr/bin/env node
// Serves the production build on PORT and HOSTNAME when set, or on `-p N -H host` given after
// `npm start --`. Flags win over the environment; both end up in the environment so the server's
// configuration (its own public URL, the local stand-ins' URLs) agrees with where it listens.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const args = process.argv.slice(2);
const flag = (short, long) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === short || a === long) return args[i + 1];
    if (a.startsWith(`${long}=`)) return a.slice(long.length + 1);
  }
  return undefined;
};

const port = flag("-p", "--port") ?? process.env.PORT ?? "3000";
const hostname = flag("-H", "--hostname") ?? process.env.HOSTNAME;
const env = { ...process.env, PORT: port, ...(hostname ? { HOSTNAME: hostname } : {}) };
const passThrough = args.filter((a, i) => !["-p", "--port", "-H", "--hostname"].includes(a) && !["-p", "--port", "-H", "--hostname"].includes(args[i - 1]) && !/^--(port|hostname)=/.test(a));
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const child = spawn(process.execPath, [nextBin, "start", "-p", port, ...(hostname ? ["-H", hostname] : []), ...passThrough], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
