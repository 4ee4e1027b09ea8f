"use client";

import { ErrorFallback } from "@/components/app-shell/error-fallback";

interface ErrorPageProps {
  error: unknown;
  /** Next 16.3+: re-fetches and re-renders the segment. */
  retry?: () => void;
  reset: () => void;
}

/** Errors in any page (below the root layout): logged, never shown; generic words, retry, dashboard. */
export default function ErrorPage({ error, retry, reset }: ErrorPageProps) {
  return (
    <main className="flex min-h-screen flex-col justify-center">
      <ErrorFallback error={error} onRetry={retry ?? reset} />
    </main>
  );
}
