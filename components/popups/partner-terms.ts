/**
 * The documents the updated-terms popup links to (SPEC 1, 8): the payment partner's and the bank
 * partner's terms, and the shell's own consent PDFs. Configuration, not code: the partners' URLs
 * are their public legal pages and must be confirmed by compliance before each release; the
 * consent PDFs are served from public/documents.
 */
export type TermsOwner = "payment-partner" | "bank-partner" | "lender";

export interface TermsDocument {
  owner: TermsOwner;
  /** The link text, naming the document and whose it is. */
  title: string;
  href: string;
  /** A document on another site opens in a new tab. */
  external: boolean;
}

export const PAYMENT_PARTNER_NAME = "Dwolla";
export const BANK_PARTNER_NAME = "Evolve Bank & Trust";

export const PARTNER_TERMS: readonly TermsDocument[] = [
  {
    owner: "payment-partner",
    title: `${PAYMENT_PARTNER_NAME} Terms of Service`,
    href: "https://www.dwolla.com/legal/tos/",
    external: true,
  },
  {
    owner: "payment-partner",
    title: `${PAYMENT_PARTNER_NAME} Privacy Policy`,
    href: "https://www.dwolla.com/legal/privacy/",
    external: true,
  },
  {
    owner: "bank-partner",
    title: `${BANK_PARTNER_NAME} Privacy Notice`,
    href: "https://www.getevolved.com/privacy-policy/",
    external: true,
  },
  { owner: "lender", title: "E-Sign Consent", href: "/documents/esign-consent.pdf", external: true },
  { owner: "lender", title: "TCPA Consent", href: "/documents/tcpa-consent.pdf", external: true },
];
