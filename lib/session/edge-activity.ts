import { activityVerdict, readActivity, signActivity } from "./activity";
import { ANONYMOUS, type Session } from "./session";

export interface EdgeActivity {
  /** The session the guards decide on: anonymous once idle. */
  session: Session;
  /** A renewed stamp to set (activity), when due. */
  stamp?: string;
  /** Idle: every session cookie is to be deleted (the browser is signed out here). */
  clearSession: boolean;
}

/**
 * The idle limit at the edge (./activity.ts): a page request is activity, renewing the stamp at
 * most once a minute; a session past the limit is anonymous from here on and its cookies are
 * deleted, so tokens the browser minted after the limit open nothing. A verifying session (no
 * checked identity yet) is left to the claims route, which checks the same stamp after the refresh.
 */
export async function edgeActivity(
  session: Session,
  rawStamp: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<EdgeActivity> {
  if (session.status !== "signed-in" && session.status !== "signing-in") return { session, clearSession: false };
  const verdict = activityVerdict({
    stamp: await readActivity(rawStamp, secret),
    sub: session.sub,
    authTime: session.authTime,
    nowSeconds,
  });
  if (verdict === "idle") return { session: ANONYMOUS, clearSession: true };
  if (verdict === "active") return { session, clearSession: false };
  // "restamp" and "new-sign-in" both stamp now; the claims route audits the sign-in by its own verdict.
  const stamp = await signActivity({ sub: session.sub, authTime: session.authTime ?? null, at: nowSeconds }, secret);
  return { session, stamp, clearSession: false };
}
