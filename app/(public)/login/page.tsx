import type { Metadata } from "next";
import { SignInPage, type SearchParams } from "@/components/auth/sign-in-page";

export const metadata: Metadata = { title: "Log in", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <SignInPage mode="login" query={await searchParams} />;
}
