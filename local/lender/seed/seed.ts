import type { Db } from "../../infra/db/index";
import { seedApplicationData } from "../data/seed";
import { seedMapAddresses } from "../../vendors/maps/store";
import { PERSONAS } from "./personas";

/**
 * Seeds the local environment. Idempotent: runs at every start and only adds what is missing,
 * never overwriting what a developer changed since.
 */
export async function seed(db: Db): Promise<void> {
  await seedIdentity(db);

  // Application data (employers, applications, loans per persona), after the users exist.
  await seedApplicationData(db);

  // The Maps stand-in's address book (50,000 generated addresses; once, then left alone).
  await seedMapAddresses(db);
}

/** The personas' pool users, with their fixed username, sub and (verified) e-mail. */
export async function seedIdentity(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const persona of PERSONAS) {
      // DO NOTHING on any conflict: the sub, username or e-mail may already be taken (a restart,
      // or someone who signed up with a persona's e-mail on a kept database).
      await tx.query(
        `INSERT INTO identity_users (sub, username, email, email_verified) VALUES ($1, $2, $3, true)
         ON CONFLICT DO NOTHING`,
        [persona.sub, persona.username.toLowerCase(), persona.email.toLowerCase()],
      );
    }
  });
}
