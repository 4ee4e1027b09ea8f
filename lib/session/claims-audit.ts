import "server-only";
import { isSignedOrOriginated } from "@/lib/application/loan-state";
import type { AuditEvent } from "@/lib/observability/audit";
import type { Claims } from "./claims";

/**
 * Sign-in, consent to updated terms and the contract's signature happen between the browser and
 * Cognito, the API or the e-signature provider: the shell sees them only as the application data
 * it loads right after (every one of them ends with a claims load). So they are audited as verified
 * changes between the claims the visitor held and the ones just loaded — never on the browser's word.
 */

/** A first load this soon after the identity's authentication (its auth_time) is that sign-in's. */
export const SIGN_IN_WINDOW_SECONDS = 5 * 60;
/** Clock skew allowed between Cognito and this server (as for the token's iat). */
const SKEW_SECONDS = 60;

export interface ClaimsChange {
  /** The visitor's claims before this load: none for a visitor who has not loaded since signing in (or whose claims expired). */
  before: Claims | undefined;
  after: Claims;
  /** The verified identity token's auth_time (seconds), when it has one. */
  authTime: number | undefined;
  nowSeconds: number;
  /** Whether this sign-in has not been seen before (no activity stamp of it, ./activity.ts): only its first load is audited as the sign-in. */
  firstLoad?: boolean;
}

export function auditedChanges({ before, after, authTime, nowSeconds, firstLoad = true }: ClaimsChange): AuditEvent[] {
  const events: AuditEvent[] = [];
  const sinceAuth = authTime === undefined ? undefined : nowSeconds - authTime;
  if (!before && firstLoad && sinceAuth !== undefined && sinceAuth >= -SKEW_SECONDS && sinceAuth <= SIGN_IN_WINDOW_SECONDS)
    events.push("sign-in");
  if (before && !before.evolveConsent && after.evolveConsent) events.push("terms-consent");
  if (before && !isSignedOrOriginated(before.loanState) && isSignedOrOriginated(after.loanState)) events.push("contract-signed");
  return events;
}

/**
 * Sign-ins this server has audited, by the sign-in's own key (its origin_jti, or sub and auth_time),
 * for as long as a load can still count as the sign-in's: a client that drops the activity stamp
 * (the other witness of a sign-in already seen) does not make a second `sign-in` event. Bounded; one
 * per process, so several instances behind a balancer may each audit a sign-in once at most.
 */
const MAX_SIGN_INS_SEEN = 10_000;
const signInsSeen = new Map<string, number>();

export function signInKey(signIn: { sub: string; originJti?: string; authTime?: number }): string | undefined {
  if (signIn.originJti) return `${signIn.sub}#${signIn.originJti}`;
  return signIn.authTime === undefined ? undefined : `${signIn.sub}@${signIn.authTime}`;
}

/** Whether `key` is seen here for the first time within the sign-in window (and remembers it). */
export function firstSightOfSignIn(key: string | undefined, nowSeconds: number): boolean {
  if (key === undefined) return true;
  const until = signInsSeen.get(key);
  if (until !== undefined && until >= nowSeconds) return false;
  signInsSeen.delete(key);
  if (signInsSeen.size >= MAX_SIGN_INS_SEEN) {
    for (const [k, u] of signInsSeen) if (u < nowSeconds) signInsSeen.delete(k);
    if (signInsSeen.size >= MAX_SIGN_INS_SEEN) signInsSeen.delete(signInsSeen.keys().next().value!);
  }
  signInsSeen.set(key, nowSeconds + SIGN_IN_WINDOW_SECONDS + SKEW_SECONDS);
  return true;
}
