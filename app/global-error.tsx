"use client";

import { ErrorFallback } from "@/components/app-shell/error-fallback";
import "./globals.css";

interface GlobalErrorProps {
  error: unknown;
  /** Next 16.3+: re-fetches and re-renders the root. */
  retry?: () => void;
  reset: () => void;
}

/** Errors in the root layout itself: its own document, the same generic fallback. */
export default function GlobalError({ error, retry, reset }: GlobalErrorProps) {
  return (
    <html lang="en">
      <body>
        <title>Something went wrong · Employee Loans</title>
        <main className="flex min-h-screen flex-col justify-center">
          <ErrorFallback error={error} onRetry={retry ?? reset} />
        </main>
      </body>
    </html>
  );
}
