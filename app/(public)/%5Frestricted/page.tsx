import type { Metadata } from "next";
import { RestrictedProcessing } from "@/components/auth/restricted-processing";
import { RestrictedNotice, restrictedTitle } from "@/components/notices/restricted-notice";
import { restrictedReasonFor } from "@/components/notices/restricted-reason";
import { publicConfig } from "@/lib/config/env";
import { describeRefusal, type Refusal } from "@/lib/lending/refusal";
import { logApiFailure } from "@/lib/observability/api-failure";
import { currentSession } from "@/lib/session/server-session";
import { signedInApi } from "@/lib/session/signed-in-api";
import { refusalDecidedAt, refusalReasons } from "./operations";

export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The title is the notice's heading for the person's reason, or says the application is loading (issue 50). */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [session, query] = await Promise.all([currentSession(), searchParams]);
  const waiting = (session.status === "signing-in" || session.status === "verifying") && typeof query.redirect === "string";
  const reason = restrictedReasonFor(session.status === "signed-in" ? session.claims.loanState : undefined);
  return { title: waiting ? "Loading your application" : restrictedTitle(reason), robots: { index: false } };
}

/**
 * /_restricted (SPEC 2): where the guards send rejected applications and already-signed loans,
 * and where a user who is still signing in waits on a protected route (the route table's
 * whileSigningIn), with the target in the redirect query.
 */
export default async function RestrictedNoticePage({ searchParams }: Props) {
  const [session, query] = await Promise.all([currentSession(), searchParams]);

  // A signing-in user with a redirect target is waiting for their application data: the
  // processing overlay (SPEC 8 texts, "Still Loading?" after 8 s) loads it and returns to the
  // target (components/auth/restricted-processing.tsx).
  if (session.status === "signing-in" && typeof query.redirect === "string") {
    return <RestrictedProcessing redirect={query.redirect} />;
  }
  // Verifying (identity token expired, refresh token kept): the browser refreshes the session first.
  if (session.status === "verifying" && typeof query.redirect === "string") {
    return <RestrictedProcessing redirect={query.redirect} renewWith={publicConfig()} />;
  }

  const reason = restrictedReasonFor(session.status === "signed-in" ? session.claims.loanState : undefined);
  return <RestrictedNotice reason={reason} refusal={reason === "rejected" ? await storedRefusal() : undefined} />;
}

/**
 * The refusal as stored, as far as it can be read: the reasons and the decision time are asked
 * apart, so a failure of one (logged) leaves the other on the notice, which says what it lacks.
 */
async function storedRefusal(): Promise<Refusal | undefined> {
  const api = await signedInApi();
  if (!api) return undefined;
  const [reasons, decidedAt] = await Promise.allSettled([refusalReasons(api.client), refusalDecidedAt(api.client)]);
  for (const [operation, result] of [
    ["restrictedRefusal", reasons],
    ["restrictedRefusalDecidedAt", decidedAt],
  ] as const) {
    if (result.status === "rejected") await logApiFailure(operation, result.reason, { page: "_restricted" });
  }
  return describeRefusal({
    ...(reasons.status === "fulfilled" ? reasons.value : {}),
    decidedAt: decidedAt.status === "fulfilled" ? decidedAt.value : null,
  });
}
