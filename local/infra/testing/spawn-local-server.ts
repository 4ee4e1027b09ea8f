import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";

export interface LocalServer {
  url: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /**
   * Resolves with the output once it contains `text`: the server's log line and its HTTP answer
   * travel on different pipes, so a line may arrive just after the response that caused it.
   */
  waitForOutput(text: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
  /** The server's process id. */
  pid: number;
}

interface StartOptions {
  /**
   * Write the server's output to this file instead of a pipe, and let the server outlive the Jest
   * worker's hold on it: for the worker's shared server (worker-server.ts), which later suites reuse
   * and which must not die of a closed pipe when the worker that started it is recycled.
   */
  logFile?: string;
}

/**
 * Starts local/infra/testing/local-server.ts in a child process (real ESM under tsx, so jose and
 * PGlite load as they do under Next) and resolves once it is listening.
 */
/** The stand-ins' clock in every test server (local/infra/clock/clock.ts): seeded dates never depend on the calendar. */
export const TEST_NOW = "2026-11-02T12:00:00Z";

export function startLocalServer(
  env: Record<string, string | undefined>,
  timeoutMs = 90_000,
  options: StartOptions = {},
): Promise<LocalServer> {
  const root = process.cwd();
  const logFd = options.logFile ? openSync(options.logFile, "a") : undefined;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "local/infra/testing/local-server.ts")], {
    cwd: root,
    // A 3,000-employer directory keeps each suite's start quick; the search bench uses the full 100,000.
    env: { LOCAL_EMPLOYER_DIRECTORY_SIZE: "3000", LOCAL_NOW: TEST_NOW, ...process.env, NODE_ENV: "test", ...env } as NodeJS.ProcessEnv,
    stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
    detached: logFd !== undefined,
  });
  if (logFd !== undefined) {
    closeSync(logFd);
    child.unref();
  }
  let piped = "";
  const out = () => (options.logFile ? readFileSync(options.logFile, "utf8") : piped);
  return new Promise((resolve, reject) => {
    let poll: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill("SIGKILL");
      reject(new Error(`local server did not start within ${timeoutMs} ms:\n${out()}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`local server exited with ${code}:\n${out()}`));
    };
    const check = () => {
      const match = /LISTENING (\S+)/.exec(out());
      if (!match?.[1]) return;
      clearTimeout(timer);
      clearInterval(poll);
      child.off("exit", onExit);
      resolve({
        url: match[1],
        pid: child.pid!,
        output: out,
        waitForOutput: async (text, waitMs = 10_000) => {
          const until = Date.now() + waitMs;
          while (!out().includes(text) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
          return out();
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    if (options.logFile) poll = setInterval(check, 50);
    child.stdout?.on("data", (chunk: Buffer) => {
      piped += chunk.toString();
      check();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      piped += chunk.toString();
    });
    child.once("exit", onExit);
  });
}
