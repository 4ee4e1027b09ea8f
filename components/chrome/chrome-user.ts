/**
 * What the chrome needs to know about the viewer. The session's own view type can be passed as is
 * when it has these fields; staff flags other than adminPortalUser do not change the chrome (SPEC 2
 * keys the staff links on the e-mail domain).
 */
export interface ChromeUser {
  signedIn: boolean;
  email?: string | null;
  adminPortalUser?: boolean;
}

/** Sign-out, wired by the layout. From a server layout it must be a server action. */
export type LogoutHandler = () => void | Promise<void>;
