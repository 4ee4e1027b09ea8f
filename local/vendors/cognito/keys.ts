import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import type { Db } from "../../infra/db/index";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const cache = new WeakMap<Db, Promise<SigningKey>>();

/**
 * The pool's RS256 signing key. Generated on first use and stored in the database, so tokens stay
 * valid across restarts; when two processes race, the first insert wins and both use it.
 */
export function signingKey(db: Db): Promise<SigningKey> {
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<SigningKey> {
  let row = await readRow(db);
  if (!row) {
    const pair = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const privateJwk = await exportJWK(pair.privateKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db.query(
      `INSERT INTO identity_signing_keys (id, kid, private_jwk, public_jwk) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
    );
    row = await readRow(db);
    if (!row) throw new Error("identity signing key could not be stored");
  }
  const publicJwk: JWK = { ...row.public_jwk, kid: row.kid, alg: "RS256", use: "sig" };
  return {
    kid: row.kid,
    privateKey: (await importJWK({ ...row.private_jwk, alg: "RS256" }, "RS256")) as CryptoKey,
    publicKey: (await importJWK(publicJwk, "RS256")) as CryptoKey,
    publicJwk,
  };
}

async function readRow(db: Db) {
  const [row] = await db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
    "SELECT kid, private_jwk, public_jwk FROM identity_signing_keys WHERE id = 1",
  );
  return row;
}

/** The public JWK set, as Cognito serves it at <issuer>/.well-known/jwks.json. */
export async function jwks(db: Db): Promise<{ keys: JWK[] }> {
  const { publicJwk } = await signingKey(db);
  return { keys: [{ alg: "RS256", e: publicJwk.e, kid: publicJwk.kid, kty: "RSA", n: publicJwk.n, use: "sig" }] };
}
