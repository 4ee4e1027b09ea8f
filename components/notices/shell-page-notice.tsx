import { BackToDashboard } from "./back-to-dashboard";
import { Notice } from "./notice";

/** The shell pages of SPEC 2 (personal, employment, bank); their forms come in their own issue. */
export type ShellPage = "personal" | "employment" | "bank";

const COPY: Record<ShellPage, { title: string; what: string }> = {
  personal: { title: "Personal details", what: "your personal details" },
  employment: { title: "Employment details", what: "your employment details" },
  bank: { title: "Bank account", what: "your bank account details" },
};

/**
 * A heading and an honest explanation: the form for this section is not part of this page yet,
 * so nothing here pretends to show or edit the user's data.
 */
export function ShellPageNotice({ page }: { page: ShellPage }) {
  const copy = COPY[page];
  return (
    <Notice icon="form" title={copy.title} actions={<BackToDashboard label="Go to dashboard" />}>
      <p>This is where you'll review and update {copy.what}.</p>
      <p>The form for this section isn't available here yet. Until it is, your application and account details are on your dashboard.</p>
    </Notice>
  );
}
