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

/**
 * A replacement sign-out for tests or stories. By default the Logout controls call signOut() from
 * ./sign-out (client code), so server layouts pass nothing.
 */
export type LogoutHandler = () => void | Promise<void>;
