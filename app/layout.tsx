import type { Metadata } from "next";
import { connection } from "next/server";
import Script from "next/script";
import { AppShell } from "@/components/app-shell/app-shell";
import { IdleSignOut } from "@/components/auth/idle-sign-out";
import { publicConfig } from "@/lib/config/env";
import { currentSession } from "@/lib/session/server-session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Employee Loans", template: "%s · Employee Loans" },
  description: "Affordable personal loans for employees of schools and public bodies.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Configuration is read at request time, never baked in at build (one build, every environment).
  await connection();
  const { graphql, widgets } = publicConfig();
  // Every signed-in page signs out after 15 idle minutes, whatever its layout (the public pages and
  // the not-found page included), so the one place to mount it is here.
  const signedIn = (await currentSession()).status !== "anonymous";
  return (
    <html lang="en">
      <body>
        {/* Locally, the Maps and Plaid stand-ins define google.maps.importLibrary and window.Plaid
            (leaving a never-fetched marker script with Plaid's CDN URL) before the app hydrates, so
            the address field's APIProvider and react-plaid-link take their "loaded externally"
            paths (WIDGETS.md). Production loads nothing here: /bank's hook loads Plaid's own script. */}
        {widgets.standInScripts.map((src) => (
          <Script key={src} src={src} strategy="beforeInteractive" />
        ))}
        <AppShell graphqlUrl={graphql.url}>
          {signedIn && <IdleSignOut />}
          {children}
        </AppShell>
      </body>
    </html>
  );
}
