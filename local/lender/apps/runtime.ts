import { serverConfig } from "../../../lib/config/env";
import { localDb } from "../../startup";
import { createAppsHandler } from "./handler";

/** The hosted apps' stand-in pages wired to the process's configuration and database (served by local/routes.ts). */
export const appsHandler = createAppsHandler({ db: localDb, config: serverConfig });
