import type { Metadata } from "next";
import { connection } from "next/server";
import { AppShell } from "@/components/app-shell/app-shell";
import { IdleSignOut } from "@/components/auth/idle-sign-out";
import { SITE } from "@/components/chrome/site-links";
import { REQUEST_ID_META } from "@/lib/browser/page-request-id";
import { publicConfig } from "@/lib/config/env";
import { currentRequestId } from "@/lib/observability/request-context";
import { currentSession } from "@/lib/session/server-session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: SITE.name, template: `%s · ${SITE.name}` },
  description: "Affordable personal loans for employees of schools and public bodies.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Configuration is read at request time, never baked in at build (one build, every environment).
  await connection();
  const { graphql } = publicConfig();
  // Every signed-in page signs out after 15 idle minutes, whatever its layout (the public pages and
  // the not-found page included), so the one place to mount it is here.
  // A verifying session (expired identity token) is not signed in until the browser refreshes it.
  const { status } = await currentSession();
  const signedIn = status === "signing-in" || status === "signed-in";
  const requestId = await currentRequestId();
  return (
    <html lang="en">
      <head>{requestId ? <meta name={REQUEST_ID_META} content={requestId} /> : null}</head>
      <body>
        {/* No widget script here: each widget loads its own (or locally its stand-in) on its page. */}
        <AppShell graphqlUrl={graphql.url}>
          {signedIn && <IdleSignOut />}
          {children}
        </AppShell>
      </body>
    </html>
  );
}
