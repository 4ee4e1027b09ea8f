import { serverConfig } from "../../lib/config/env";
import { localDb } from "../startup";
import { localOnly } from "../http/local-only";
import { createArgyleHandler } from "./handler";

/** The payroll-linking stand-in wired to the process's configuration and database. */
export const argyleHandler = localOnly(serverConfig, createArgyleHandler({ db: localDb }));
