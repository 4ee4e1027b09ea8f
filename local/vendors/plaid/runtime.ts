import { localDb } from "../../startup";
import { createPlaidHandler } from "./handler";

/** The Plaid stand-in wired to the process's database (served by local/routes.ts). */
export const plaidHandler = createPlaidHandler({ db: localDb });
