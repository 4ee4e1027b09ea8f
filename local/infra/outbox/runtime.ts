import { localDb } from "../../startup";
import { createOutboxHandler } from "./handler";

/** The outbox wired to the process's database (served by local/routes.ts). */
export const outboxHandler = createOutboxHandler({ db: localDb });
