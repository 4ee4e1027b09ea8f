import type { ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import { ButtonLink } from "@/components/ui/button-link";
import { refusalFor, phaseOf, type Action, type ApplicationState } from "@/lib/application/application-machine";
import { REFUSAL_NEXT, REFUSAL_WORDS } from "@/lib/application/refusal-words";
import { Notice } from "./notice";

/**
 * A page whose actions the lender's rules all refuse in this state (issue 49): it says why, in the
 * words of the rule's reason, and where to go instead — never a form that would be refused.
 */
export function ClosedActionsNotice({
  state,
  action,
  title,
  children,
}: {
  state: ApplicationState;
  action: Action;
  title: string;
  /** What the page still shows read-only (its saved facts), below the reason. */
  children?: ReactNode;
}) {
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
      {children}
    </Notice>
  );
}

/** Whether none of a page's actions is open: the page shows ClosedActionsNotice instead of its forms. */
export function allClosed(state: ApplicationState, actions: readonly Action[]): boolean {
  return actions.every((a) => refusalFor(state, a) !== null);
}

/** Why a page's actions are closed, as its title names it: each closed state is a page state of its own (issue 50's unique titles). */
export function closedActionsTitle(heading: string, state: ApplicationState, action: Action): string {
  const phase = phaseOf(state);
  if (phase === "activeLoan") return `${heading}: your loan is active`;
  const code = refusalFor(state, action);
  if (code === "NOT_YET") return `${heading}: not open yet`;
  if (code === "CONTRACT_SIGNED") return `${heading}: your contract is signed`;
  if (code === "ALREADY_DONE") return `${heading}: done`;
  return `${heading}: your application is closed`;
}
