import { serverConfig } from "../../../lib/config/env";
import { localDb } from "../../startup";
import { createDocumentsHandler } from "./handler";

/** The documents door wired to the process's configuration and database (served by local/routes.ts). */
export const documentsHandler = createDocumentsHandler({ db: localDb, config: serverConfig });
