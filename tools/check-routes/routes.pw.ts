import path from "node:path";
import { expect, test } from "../../e2e/fixtures/console-gate";
import { APP_ENVS, type AppEnv } from "@/lib/config/env";
import { routeCases } from "./cases";
import { checkBaseUrl, isLocalhost } from "./http";
import { Redactor } from "./identity";
import { loadPersonasFile, seededPersonas, seededPersonaSpecs, type PersonaSet } from "./personas";
import { htmlReport, jsonReport, terminalReport } from "./report";
import { parseHosts, runCheck } from "./run";
import { serverCognito } from "./server-config";
import { LOCAL_PORT } from "../../playwright.config";

/**
 * The route check as a Playwright project: `npx playwright test --project=routes`. One test per
 * persona, one soft assertion per route, so the report names every differing cell. Against the
 * local webServer by default; BASE_URL (with ROUTES_PERSONAS, ROUTES_APP_ENV, ROUTES_HOSTS) points
 * it at a deployment, as `npm run check:routes` flags do.
 */

const base = checkBaseUrl(process.env.BASE_URL ?? `http://127.0.0.1:${LOCAL_PORT}`);
const local = isLocalhost(base);
const appEnv = (process.env.ROUTES_APP_ENV ?? (local ? "local" : "")) as AppEnv;
if (!APP_ENVS.includes(appEnv)) throw new Error(`ROUTES_APP_ENV must be one of ${APP_ENVS.join(", ")} for ${base.origin}`);
const fromFile = process.env.ROUTES_PERSONAS
  ? loadPersonasFile(process.env.ROUTES_PERSONAS, {
      base,
      local: local && appEnv === "local",
      repoRoot: path.resolve(import.meta.dirname, "../.."),
    })
  : undefined;
// The seeded personas sign in with the app client the server's pages carry, asked once the server runs.
let seeded: Promise<PersonaSet> | undefined;
const personaSet = async (): Promise<PersonaSet> =>
  fromFile ?? (seeded ??= serverCognito(base, { local: local && appEnv === "local" }).then(seededPersonas));
const hosts = parseHosts(process.env.ROUTES_HOSTS);
const cases = routeCases();

for (const persona of fromFile?.personas ?? seededPersonaSpecs()) {
  test(`${persona.name}: every route`, async ({}, testInfo) => {
    const set = await personaSet();
    const redactor = new Redactor();
    // The signing-in column borrows a real persona's identity, so that persona signs in beside it.
    const donor = set.personas.find((p) => p.source.kind === "local" || p.source.kind === "refresh-token");
    const run = persona.source.kind === "signing-in" && donor ? [persona, donor] : [persona];
    const all = await runCheck({ base, appEnv, hosts, personas: { ...set, personas: run }, cases, concurrency: 4, redactor });
    const result = {
      ...all,
      personas: all.personas.filter((p) => p.name === persona.name),
      cells: all.cells.filter((c) => c.persona === persona.name),
    };
    await testInfo.attach("route-check.html", { body: htmlReport(result, redactor), contentType: "text/html" });
    await testInfo.attach("route-check.json", { body: jsonReport(result, redactor), contentType: "application/json" });
    const signInError = result.personas[0]?.error;
    expect(signInError, `${persona.name} signs in`).toBeUndefined();
    for (const cell of result.cells) expect.soft(cell.differences, `${persona.name} × ${cell.case} (${cell.url})`).toEqual([]);
    if (test.info().errors.length) console.log(terminalReport(result, redactor));
  });
}
