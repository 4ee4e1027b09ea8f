import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { APP_ENVS, type AppEnv } from "@/lib/config/env";
import { routeCases } from "./cases";
import { checkBaseUrl, isLocalhost } from "./http";
import { Redactor } from "./identity";
import { loadPersonasFile, seededPersonas, type PersonaSet } from "./personas";
import { htmlReport, jsonReport, junitReport, terminalReport } from "./report";
import { failures, parseHosts, runCheck } from "./run";
import { selectOnly } from "./select";
import { serverCognito } from "./server-config";

const USAGE = `Checks every route of the table for every persona against a running deployment.

  npm run check:routes -- [--base-url URL] [--personas FILE] [--app-env ENV] [--hosts app=URL,...]
                          [--only NAME,...] [--concurrency N] [--out DIR]

  --base-url     the app's origin (default $BASE_URL or http://localhost:3000); https unless localhost
  --personas     a personas JSON file (default: the seeded personas of the local stand-in); without
                 "cognito" in it, the app client is the one the server's pages carry
  --app-env      local | dev | staging | production: which hosted-app hosts to expect
                 (default local for localhost, required otherwise)
  --hosts        hosted-app origins the server was started with (its *_URL overrides), e.g.
                 dashboard=https://app.example,lending=https://apply.example
  --only         personas and/or routes to check (names, route ids or paths), comma-separated
  --concurrency  requests in flight at most (default 4, at most 16)
  --out          where report.html, report.json and junit.xml go (default route-check-report)
`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      "base-url": { type: "string" },
      personas: { type: "string" },
      "app-env": { type: "string" },
      hosts: { type: "string" },
      only: { type: "string" },
      concurrency: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const base = checkBaseUrl(values["base-url"] ?? process.env.BASE_URL ?? "http://localhost:3000");
  const local = isLocalhost(base);
  const appEnv = (values["app-env"] ?? (local ? "local" : undefined)) as AppEnv | undefined;
  if (!appEnv || !APP_ENVS.includes(appEnv)) throw new Error(`--app-env must be one of ${APP_ENVS.join(", ")} for ${base.origin}`);
  const concurrency = Number(values.concurrency ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new Error("--concurrency must be a whole number from 1 to 16");
  const hosts = parseHosts(values.hosts);

  const repoRoot = path.resolve(import.meta.dirname, "../..");
  const localRun = appEnv === "local" && local;
  if (!values.personas && !localRun) throw new Error("--personas is required for a deployment (see docs/operations.md)");
  // The app client the server was started with, from its own public configuration: never assumed.
  const fromServer = await serverCognito(base, { local: localRun }).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  let personaSet: PersonaSet;
  if (values.personas) {
    personaSet = loadPersonasFile(values.personas, {
      base,
      local: localRun,
      repoRoot,
      ...(fromServer instanceof Error ? { serverCognitoError: fromServer.message } : { serverCognito: fromServer }),
    });
  } else {
    if (fromServer instanceof Error) throw fromServer;
    personaSet = seededPersonas(fromServer);
  }
  const selected = selectOnly(values.only, personaSet.personas, routeCases());
  personaSet = { ...personaSet, personas: selected.personas };

  const redactor = new Redactor();
  const log = (line: string) => process.stderr.write(`${redactor.redact(line)}\n`);
  log(
    `checking ${selected.personas.length} personas × ${selected.cases.length} routes on ${base.origin}, ${concurrency} requests at a time, as app client ${personaSet.cognito.clientId}`,
  );
  const result = await runCheck({ base, appEnv, hosts, personas: personaSet, cases: selected.cases, concurrency, redactor, log });

  const out = path.resolve(values.out ?? "route-check-report");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "report.html"), htmlReport(result, redactor));
  writeFileSync(path.join(out, "report.json"), jsonReport(result, redactor));
  writeFileSync(path.join(out, "junit.xml"), junitReport(result, redactor));
  process.stdout.write(`${terminalReport(result, redactor, process.stdout.isTTY === true)}\n`);
  process.stdout.write(`reports: ${path.relative(process.cwd(), out) || "."}/report.html, report.json, junit.xml\n`);
  return failures(result).length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`check:routes: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  },
);
