import type { Metadata } from "next";
import { BankScreen } from "./bank-screen";

export const metadata: Metadata = { title: "Bank account" };

/** /bank (SPEC 2, 4, 5, 8): funding sources, instant linking, micro-deposits, the active account. */
export default function Page() {
  return <BankScreen />;
}
