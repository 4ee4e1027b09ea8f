import type { Metadata } from "next";
import { ShellPageNotice } from "@/components/notices/shell-page-notice";

export const metadata: Metadata = { title: "Bank account" };

/** /bank (SPEC 2): a shell page; its form comes in its own issue. */
export default function BankPage() {
  return <ShellPageNotice page="bank" />;
}
