import { randomBytes } from "node:crypto";
import type { Db } from "./index";

export type SecretName = "identity-existence" | "document-urls";

const cache = new WeakMap<Db, Map<SecretName, Promise<Buffer>>>();

/**
 * A stand-in secret every instance on this database shares (32 random bytes): created by the first
 * instance that needs it (the first insert wins a race), then read by all, so what it derives is the
 * same whichever instance answers, and across restarts.
 */
export function sharedSecret(db: Db, name: SecretName): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name);
    byName.set(name, secret);
    secret.catch(() => byName.delete(name));
  }
  return secret;
}

async function loadOrCreate(db: Db, name: SecretName): Promise<Buffer> {
  await db.query("INSERT INTO local_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(32).toString("hex"),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM local_secrets WHERE name = $1", [name]);
  if (!row) throw new Error(`the shared secret ${name} could not be stored`);
  return Buffer.from(row.value, "hex");
}
