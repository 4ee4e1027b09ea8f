import type { Metadata } from "next";
import { WaitLoadRedirect } from "@/components/auth/wait-load-redirect";
import { safeRedirectPath } from "@/lib/routing/safe-redirect";

export const metadata: Metadata = { title: "Loading", robots: { index: false } };
export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * /wait-load-redirect (dashboard layout, which has already checked the identity): where guarded
 * dashboard routes send a user whose application data is not loaded yet. The client island loads
 * it and returns to the redirect target.
 */
export default async function WaitLoadRedirectPage({ searchParams }: Props) {
  const { redirect } = await searchParams;
  const target = safeRedirectPath(Array.isArray(redirect) ? redirect[0] : redirect);
  return <WaitLoadRedirect redirect={target} />;
}
