import { localDb } from "../../startup";
import { createMapsHandler } from "./handler";

/** The Maps stand-in wired to the process's database (served by local/routes.ts). */
export const mapsHandler = createMapsHandler({ db: localDb });
