import type { Metadata } from "next";
import { RestrictedNotice, restrictedTitle } from "@/components/notices/restricted-notice";

// The notice's heading (issue 50: the title matches the h1).
export const metadata: Metadata = { title: restrictedTitle("signed-loan-required"), robots: { index: false } };

/** /restricted (SPEC 2): pages that need a signed loan send the user here (signedLoan guard). */
export default function RestrictedPage() {
  return <RestrictedNotice reason="signed-loan-required" />;
}
