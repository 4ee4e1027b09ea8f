import type { Metadata } from "next";
import { RestrictedNotice } from "@/components/notices/restricted-notice";

export const metadata: Metadata = { title: "Not available yet", robots: { index: false } };

/** /restricted (SPEC 2): pages that need a signed loan send the user here (signedLoan guard). */
export default function RestrictedPage() {
  return <RestrictedNotice reason="signed-loan-required" />;
}
