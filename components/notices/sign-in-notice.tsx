import { ButtonLink } from "@/components/ui/button-link";
import { Notice } from "./notice";

/**
 * Shown by the dashboard layout to a visitor without a session. The middleware normally sends them
 * to sign in first; this is the second gate, so nothing of the account is rendered.
 */
export function SignInNotice() {
  return (
    <Notice
      icon="sign-in"
      title="Please sign in"
      actions={
        <ButtonLink href="/login" className="min-h-11 px-5">
          Sign in
        </ButtonLink>
      }
    >
      <p>You need to be signed in to see this page.</p>
    </Notice>
  );
}
