import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Employee Loans", template: "%s · Employee Loans" },
  description: "Affordable personal loans for employees of schools and public bodies.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
