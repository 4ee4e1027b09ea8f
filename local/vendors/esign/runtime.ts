import { localDb } from "../../startup";
import { createEsignHandler } from "./handler";
import { esignSettings } from "./settings";

/** The e-signature stand-in wired to the process's configuration and database (served by local/routes.ts). */
export const esignHandler = createEsignHandler({ db: localDb, settings: esignSettings });
