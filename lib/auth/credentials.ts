/**
 * The random credentials of a new account (SPEC 7 and 9): a username of 3 random bytes in hex and
 * a password of 30 random bytes in hex. Sign-in is passwordless (custom challenge); the password
 * only satisfies the pool's sign-up API and is never kept.
 */

type RandomSource = Pick<Crypto, "getRandomValues">;

function randomHex(bytes: number, source: RandomSource): string {
  const buffer = new Uint8Array(bytes);
  source.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function randomUsername(source: RandomSource = globalThis.crypto): string {
  return randomHex(3, source);
}

export function randomPassword(source: RandomSource = globalThis.crypto): string {
  return randomHex(30, source);
}
