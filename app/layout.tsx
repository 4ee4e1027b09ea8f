import type { Metadata } from "next";
import { connection } from "next/server";
import Script from "next/script";
import { AppShell } from "@/components/app-shell/app-shell";
import { publicConfig } from "@/lib/config/env";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Employee Loans", template: "%s · Employee Loans" },
  description: "Affordable personal loans for employees of schools and public bodies.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Configuration is read at request time, never baked in at build (one build, every environment).
  await connection();
  const { graphql, appEnv } = publicConfig();
  return (
    <html lang="en">
      <body>
        {/* Locally, the Google Maps stand-in defines google.maps.importLibrary before the app
            hydrates, so the address field's APIProvider takes its "loaded externally" path
            (WIDGETS.md). It is a few KB and loads nothing else; production loads no script here. */}
        {appEnv === "local" && <Script src="/api/local/maps/maps.js" strategy="beforeInteractive" />}
        {/* Locally, the Plaid Link stand-in defines window.Plaid and leaves a never-fetched marker
            script whose src is Plaid's CDN URL, so react-plaid-link on /bank treats Link as loaded
            (WIDGETS.md). Production loads nothing here: /bank's hook loads Plaid's own script. */}
        {appEnv === "local" && <Script src="/api/local/plaid/link-initialize.js" strategy="beforeInteractive" />}
        <AppShell graphqlUrl={graphql.url}>{children}</AppShell>
      </body>
    </html>
  );
}
