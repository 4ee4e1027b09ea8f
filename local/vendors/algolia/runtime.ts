import { serverConfig } from "../../../lib/config/env";
import { localDb } from "../../startup";
import { createSearchHandler } from "./handler";

/** The employer index as stage + "employers", the name the hosted index has in the cloud. */
export const localEmployerIndexName = () => `${serverConfig().appEnv}_employers`;

/** The employer index wired to the process's database (served by local/routes.ts). */
export const searchHandler = createSearchHandler({ db: localDb, indexName: localEmployerIndexName });
