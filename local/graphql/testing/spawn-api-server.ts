import { spawn } from "node:child_process";
import path from "node:path";

export interface ApiServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts api-server.ts in a child process under tsx (real ESM: jose does not load under Jest) and
 * resolves once it listens.
 */
export function startApiServer(env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<ApiServer> {
  const root = process.cwd();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "local/graphql/testing/api-server.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`api server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          output: () => out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`api server exited with ${code}:\n${out}`));
    });
  });
}
