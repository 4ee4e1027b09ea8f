import type { Metadata } from "next";
import { RestrictedNotice } from "@/components/notices/restricted-notice";
import { restrictedReasonFor } from "@/components/notices/restricted-reason";
import { currentSession } from "@/lib/session/server-session";

export const metadata: Metadata = { title: "Not available", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * /_restricted (SPEC 2): where the guards send rejected applications and already-signed loans,
 * and where a user who is still signing in waits on a protected route (the route table's
 * whileSigningIn), with the target in the redirect query.
 */
export default async function RestrictedNoticePage({ searchParams }: Props) {
  const [session, query] = await Promise.all([currentSession(), searchParams]);

  // ---- Processing overlay slot (issue 4, item 5; the auth engineer's part) --------------------
  // A signing-in user with a redirect target is waiting for their application data: the
  // processing overlay (SPEC 8 texts, "Still Loading?" after 8 s) takes over here and returns to
  // `query.redirect` once loaded. Until it exists, this page shows the notice below.
  const processing = session.status === "signing-in" && typeof query.redirect === "string";
  if (processing) return <RestrictedNotice />; // ← replace with the processing overlay
  // -----------------------------------------------------------------------------------------------

  const reason = restrictedReasonFor(session.status === "signed-in" ? session.claims.loanState : undefined);
  return <RestrictedNotice reason={reason} />;
}
