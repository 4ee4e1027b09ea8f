import { localDb } from "../../startup";
import { createArgyleHandler } from "./handler";

/** The payroll-linking stand-in wired to the process's database (served by local/routes.ts). */
export const argyleHandler = createArgyleHandler({ db: localDb });
