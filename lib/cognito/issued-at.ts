/**
 * How far ahead of this server's clock a token's `iat` may be: servers' clocks drift a little, but
 * a token "issued" later than that was not issued by a pool we trust at the time it claims (a
 * forged or replayed-from-the-future token), so it is refused. The one skew for every verifier:
 * the shell's (lib/session/id-token.ts) and the GraphQL stand-in's (local/lender/graphql/auth.ts).
 */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/** Whether a token's `iat` is a time in the past, give or take the allowed skew. */
export function issuedInThePast(iat: unknown, nowSeconds: number): boolean {
  return typeof iat === "number" && Number.isFinite(iat) && iat <= nowSeconds + MAX_CLOCK_SKEW_SECONDS;
}
