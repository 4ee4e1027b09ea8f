import { BackToDashboard } from "./back-to-dashboard";
import { Notice } from "./notice";

/** /under-construction (SPEC 2): the notice and its link back to the dashboard. */
export function UnderConstructionNotice({ headingLevel }: { headingLevel?: 1 | 2 | 3 }) {
  return (
    <Notice icon="tools" title="This page is under construction" headingLevel={headingLevel} actions={<BackToDashboard />}>
      <p>We're still building this part of your account. Please check back soon.</p>
    </Notice>
  );
}
