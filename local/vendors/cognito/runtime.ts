import { serverConfig } from "../../../lib/config/env";
import { runningNowMs } from "../../infra/clock/clock";
import { localDb } from "../../startup";
import { createAppsHandler } from "../../lender/apps/handler";
import { createOutboxHandler } from "../../infra/outbox/handler";
import { createCognitoHandler, createJwksHandler } from "./handler";
import { identitySettings, type IdentitySettings } from "./settings";

/**
 * The handlers wired to the process: configuration and database from the environment. The stand-in
 * table (local/routes.ts) serves these in the app and in the test server, so what is tested is what
 * is served.
 */
let settings: IdentitySettings | undefined;
const deps = {
  db: localDb,
  config: serverConfig,
  settings: () => (settings ??= identitySettings()),
  // The stand-ins' clock, so an e2e server can age a code (POST /api/local/clock) instead of sleeping.
  now: runningNowMs,
};

export const cognitoHandler = createCognitoHandler(deps);
export const jwksHandler = createJwksHandler(deps);
export const outboxHandler = createOutboxHandler(deps);
export const appsHandler = createAppsHandler(deps);
