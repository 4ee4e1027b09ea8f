import { serverConfig } from "../../lib/config/env";
import { localDb } from "../startup";
import { localOnly } from "../http/local-only";
import { createSearchHandler } from "./handler";

/** The employer index as stage + "employers", the name the hosted index has in the cloud. */
export const localEmployerIndexName = () => `${serverConfig().appEnv}_employers`;

export const searchHandler = localOnly(serverConfig, createSearchHandler({ db: localDb, indexName: localEmployerIndexName }));
