import { ButtonLink } from "@/components/ui/button-link";

/** The way back every notice offers: /dashboard, which the middleware sends to the dashboard app. */
export function BackToDashboard({ label = "Back to dashboard" }: { label?: string }) {
  return (
    <ButtonLink href="/dashboard" className="min-h-11 px-5">
      {label}
    </ButtonLink>
  );
}
