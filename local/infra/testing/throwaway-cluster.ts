import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL cluster of a test's own, on a free loopback port, for tests that restart or stop the
 * server (pg-restart.pg.integration.test.ts): never the PostgreSQL pass's shared one, whose other
 * suites would lose their connections. Made as scripts/test.sh makes that one: the newest installed
 * PostgreSQL's initdb and pg_ctl, run as the postgres user when this is root.
 */
export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** pg_ctl restart -m fast: every session is ended ("terminating connection due to administrator command"). */
  restart(): void;
  stop(): void;
}

function pgBin(): string {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error("PostgreSQL is not installed (/usr/lib/postgresql)");
  return path.join("/usr/lib/postgresql", newest, "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** util-linux's runuser (a system tool, not a package's binary). */
const RUNUSER = "/usr/sbin/runuser";

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = pgBin();
  const root = process.getuid?.() === 0;
  // As root, PostgreSQL's tools run as the postgres user (initdb refuses root), as scripts/test.sh's as_pg does.
  const run = (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    if (root) execFileSync(RUNUSER, ["-u", "postgres", "--", file, ...args], { stdio: "ignore" });
    else execFileSync(file, args, { stdio: "ignore" });
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), "pg-restart-"));
  if (root) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const ctl = (...args: string[]) =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "-w",
      ...args,
    ]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl("-m", "fast", "restart"),
    stop: () => {
      try {
        ctl("-m", "immediate", "stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
