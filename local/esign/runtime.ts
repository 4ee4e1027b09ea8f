import { serverConfig } from "../../lib/config/env";
import { localDb } from "../startup";
import { localOnly } from "../http/local-only";
import { createEsignHandler } from "./handler";
import { esignSettings } from "./settings";

/** The e-signature stand-in wired to the process's configuration and database (route file and tests alike). */
export const esignHandler = localOnly(serverConfig, createEsignHandler({ db: localDb, settings: esignSettings }));
