// The local stand-ins' own process (local/server.ts), started from a checkout by scripts/start.mjs
// and scripts/dev.mjs: under `node --import tsx` (tsx is a devDependency: a developer's machine,
// never the image, which has no local/ and never loads this file). Plain JavaScript, like the entry.
import { fork } from "node:child_process";
import path from "node:path";

/** How long a fresh database may take to migrate and seed (the 100,000-employer directory) on a busy machine. */
const READY_TIMEOUT_MS = 300_000;

/** The stand-ins' entry in a checkout at `root`. */
export function standInsEntry(root) {
  return path.join(root, "local", "server.ts");
}

/**
 * Starts the stand-ins with the app's environment `env` (they must believe they live at the app's
 * URL) on a free loopback port, and resolves once they are listening with `{ url, stop, exited }`.
 * Their log lines go to this process's stdout and stderr, as the app's own do (or to `out`). They run in a
 * process group of their own: a terminal's Ctrl-C reaches only the app, which drains and then
 * stops them (`stop()`); should the app die without doing so, the IPC channel closes and they exit.
 */
export function startStandIns(root, env, out) {
  const child = fork(standInsEntry(root), [], {
    cwd: root,
    env,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", out ? "pipe" : "inherit", out ? "pipe" : "inherit", "ipc"],
    detached: true,
  });
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the local stand-ins did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve({ url: message.standInsUrl, stop, exited, child });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the local stand-ins exited (${code}) before they were ready`));
    });
  });
}
