import type { Metadata } from "next";
import { UnderConstructionNotice } from "@/components/notices/under-construction-notice";

export const metadata: Metadata = { title: "Under construction" };

export default function UnderConstructionPage() {
  return <UnderConstructionNotice />;
}
