import type { Metadata } from "next";
import { SignInPage, type SearchParams } from "@/components/auth/sign-in-page";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function RegisterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <SignInPage mode="register" query={await searchParams} />;
}
