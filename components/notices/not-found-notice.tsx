import { BackToDashboard } from "./back-to-dashboard";
import { Notice } from "./notice";

/** SPEC 2: any other path shows 'Ooops! Page not found' with a link 'Back to dashboard'. */
export function NotFoundNotice() {
  return (
    <Notice icon="search" title="Ooops! Page not found" actions={<BackToDashboard />}>
      <p>The page you are looking for doesn't exist or has moved.</p>
    </Notice>
  );
}
