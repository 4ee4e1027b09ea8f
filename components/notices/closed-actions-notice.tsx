import { AppLink } from "@/components/ui/app-link";
import { ButtonLink } from "@/components/ui/button-link";
import { refusalFor, phaseOf, type Action, type ApplicationState } from "@/lib/application/application-machine";
import { REFUSAL_NEXT, REFUSAL_WORDS } from "@/lib/application/refusal-words";
import { Notice } from "./notice";

/**
 * A page whose actions the lender's rules all refuse in this state (issue 49): it says why, in the
 * words of the rule's reason, and where to go instead — never a form that would be refused.
 */
export function ClosedActionsNotice({ state, action, title }: { state: ApplicationState; action: Action; title: string }) {
  const code = refusalFor(state, action) ?? "APPLICATION_CLOSED";
  const phase = phaseOf(state);
  const refused = phase === "prequalRej" || phase === "rejected" || phase === "blocked";
  const next = refused
    ? { href: "/_restricted", label: "See why, and what you can do" }
    : (REFUSAL_NEXT[code] ?? REFUSAL_NEXT.APPLICATION_CLOSED!);
  const words =
    phase === "activeLoan"
      ? "Your loan is active, so these details are kept as they were when your loan was made. If something has changed, contact support."
      : REFUSAL_WORDS[code];
  return (
    <Notice
      icon="lock"
      title={title}
      actions={
        <>
          <ButtonLink href={next.href}>{next.label}</ButtonLink>
          {next.href !== "/dashboard" && (
            <AppLink href="/dashboard" className="font-semibold text-brand underline">
              Back to dashboard
            </AppLink>
          )}
        </>
      }
    >
      <p data-testid="closed-actions" data-rule={code}>
        {words}
      </p>
    </Notice>
  );
}

/** Whether none of a page's actions is open: the page shows ClosedActionsNotice instead of its forms. */
export function allClosed(state: ApplicationState, actions: readonly Action[]): boolean {
  return actions.every((a) => refusalFor(state, a) !== null);
}
