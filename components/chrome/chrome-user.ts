import { canStillApply, type LoanState } from "@/lib/application/loan-state";

/**
 * What the chrome needs to know about the viewer. The session's own view type can be passed as is
 * when it has these fields; staff flags other than adminPortalUser do not change the chrome (SPEC 2
 * keys the staff links on the e-mail domain).
 */
export interface ChromeUser {
  signedIn: boolean;
  email?: string | null;
  adminPortalUser?: boolean;
  /** The viewer can still apply (canStillApply of the claims' loan state): the top bar offers "Check My Rate". Unknown: offered. */
  canApply?: boolean;
}

/**
 * A replacement sign-out for tests or stories. By default the Logout controls call signOut() from
 * ./sign-out (client code), so server layouts pass nothing.
 */
export type LogoutHandler = () => void | Promise<void>;

/** Minimal shape of lib/session's Session that the chrome reads. */
type SessionLike =
  | { status: "anonymous" }
  | { status: "verifying" }
  | { status: "signing-in"; email: string }
  | { status: "signed-in"; email: string; claims: { flags: { adminPortalUser: boolean }; loanState: LoanState } };

/**
 * The chrome's view of a session. A user still signing in has an identity (signed in for the top
 * bar) but no loaded flags yet, so no staff links.
 */
export function chromeUserFor(session: SessionLike): ChromeUser {
  switch (session.status) {
    // Verifying: the session is being refreshed; until it is, nothing is shown as the user's.
    case "anonymous":
    case "verifying":
      return { signedIn: false };
    case "signing-in":
      return { signedIn: true, email: session.email, adminPortalUser: false };
    case "signed-in":
      return {
        signedIn: true,
        email: session.email,
        adminPortalUser: session.claims.flags.adminPortalUser,
        canApply: canStillApply(session.claims.loanState),
      };
  }
}
