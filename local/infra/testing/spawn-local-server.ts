import { spawn, type ChildProcess } from "node:child_process";
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
}

/**
 * Starts local/infra/testing/local-server.ts in a child process (real ESM under tsx, so jose and
 * PGlite load as they do under Next) and resolves once it is listening.
 */
/** The stand-ins' clock in every test server (local/infra/clock/clock.ts): seeded dates never depend on the calendar. */
export const TEST_NOW = "2026-11-02T12:00:00Z";

export function startLocalServer(env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<LocalServer> {
  const root = process.cwd();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "local/infra/testing/local-server.ts")], {
    cwd: root,
    // A 3,000-employer directory keeps each suite's start quick; the search bench uses the full 100,000.
    env: { LOCAL_EMPLOYER_DIRECTORY_SIZE: "3000", LOCAL_NOW: TEST_NOW, ...process.env, NODE_ENV: "test", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`local server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          output: () => out,
          waitForOutput: async (text, waitMs = 10_000) => {
            const until = Date.now() + waitMs;
            while (!out.includes(text) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
            return out;
          },
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`local server exited with ${code}:\n${out}`));
    });
  });
}
