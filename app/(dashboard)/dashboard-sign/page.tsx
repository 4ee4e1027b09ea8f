import type { Metadata } from "next";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { Notice } from "@/components/notices/notice";
import { SigningFlow } from "./_ui/signing-flow";
import { isSignatureId } from "./signing-url";
import { SectionTitle } from "@/components/ui/section-title";
import { publicConfig } from "@/lib/config/env";
import { requestSignedCopy, requestSigningUrl } from "./actions";
import { ApplicationProgress } from "@/components/progress/application-progress";
import { StepHeading, stepTitle } from "@/components/progress/step-heading";
import { currentSession } from "@/lib/session/server-session";

export const dynamic = "force-dynamic";

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const HEADING = "Sign your loan contract";
const NO_CONTRACT = "No contract to sign";

async function signatureIdOf(searchParams: PageProps["searchParams"]): Promise<string | undefined> {
  const raw = (await searchParams).counters;
  const signatureId = Array.isArray(raw) ? undefined : raw?.trim();
  return signatureId && isSignatureId(signatureId) ? signatureId : undefined;
}

/** The title says which of the two the page is, and the step (issue 50): "Sign your loan contract — Step 10 of 10". */
export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  if (!(await signatureIdOf(searchParams))) return { title: NO_CONTRACT, robots: { index: false } };
  const session = await currentSession();
  return { title: stepTitle(HEADING, session.status === "signed-in" ? session.claims.step : null), robots: { index: false } };
}

/**
 * /dashboard-sign?counters=<signature id> (SPEC 2: the one in-app dashboard page): the borrower
 * signs their loan contract in the e-signature provider's embedded client. The dashboard layout
 * has already checked the session; the server action checks it again where the API is called.
 */
export default async function DashboardSignPage({ searchParams }: PageProps) {
  const raw = (await searchParams).counters;
  const signatureId = Array.isArray(raw) ? undefined : raw?.trim();

  if (!signatureId || !isSignatureId(signatureId)) {
    return (
      <Notice icon="form" title={NO_CONTRACT} actions={<BackToDashboard />}>
        <p>
          {signatureId
            ? "This signing link isn't valid."
            : "This page opens from the signing link on your dashboard, and that link wasn't used to get here."}
        </p>
        <p>Open your dashboard and choose the link to sign your loan contract.</p>
      </Notice>
    );
  }

  const { hellosign } = publicConfig();
  const session = await currentSession();
  const step = session.status === "signed-in" ? session.claims.step : null;
  // Asked for here, so the contract's frame is in the first paint (issue 24).
  const initial = hellosign ? await requestSigningUrl(signatureId) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-8 sm:py-10">
      {/* Signing is the application's last stage: the same bar as every other step's page (issue 42). */}
      <ApplicationProgress step={step} />
      <StepHeading heading={HEADING} step={step} />
      {hellosign && initial ? (
        <SigningFlow
          signatureId={signatureId}
          clientId={hellosign.clientId}
          testMode={hellosign.testMode}
          requestUrl={requestSigningUrl}
          initial={initial}
          requestCopy={requestSignedCopy}
          // Already signed: the copy is looked for now, so its link is in the first paint too.
          initialCopy={!initial.ok && initial.reason === "conflict" ? await requestSignedCopy(signatureId) : undefined}
          funded={session.status === "signed-in" && session.claims.loanState === "originated"}
        />
      ) : (
        <section
          aria-labelledby="unconfigured-title"
          className="flex flex-col items-start gap-4 rounded-md border border-gray-300 bg-white p-6"
        >
          <SectionTitle id="unconfigured-title">Signing isn&apos;t available right now</SectionTitle>
          <p className="text-gray-800">We couldn&apos;t prepare your contract. Please try again later.</p>
          <BackToDashboard />
        </section>
      )}
    </div>
  );
}
