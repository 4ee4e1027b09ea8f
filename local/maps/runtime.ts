import { serverConfig } from "../../lib/config/env";
import { localDb } from "../startup";
import { localOnly } from "../http/local-only";
import { createMapsHandler } from "./handler";

export const mapsHandler = localOnly(serverConfig, createMapsHandler({ db: localDb }));
