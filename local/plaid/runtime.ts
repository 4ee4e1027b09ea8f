import { serverConfig } from "../../lib/config/env";
import { localDb } from "../startup";
import { localOnly } from "../http/local-only";
import { createPlaidHandler } from "./handler";

/** The Plaid stand-in wired to the process's database; 404 outside the local environment. */
export const plaidHandler = localOnly(serverConfig, createPlaidHandler({ db: localDb }));
