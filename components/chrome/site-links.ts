/**
 * Contact details, social profiles and trust badges shown in the chrome.
 *
 * CONFIGURATION TO SET before launch: every value below is a placeholder on reserved example
 * domains (RFC 2606) or the fictional 555-01xx phone range, so nothing points at a real third party
 * by accident. Replace them with the product's own addresses; the shape is checked by the types and
 * the footer test.
 */
import { formatPhone } from "@/lib/format/phone";

export interface SiteLink {
  label: string;
  href: string;
}

export interface TrustBadge {
  /** The badge's accessible name: what the image shows. */
  name: string;
  /** The verifying organisation's page; opened in a new tab. */
  href: string;
  /** The badge's drawing: its mark and its two lines of text, the first in bold. */
  mark: "check" | "lock";
  lines: readonly [string, string];
}

export const SITE = {
  name: "Employee Loans",
  homeHref: "/",
} as const;

const SUPPORT_PHONE = "+18005550123";

export const CONTACT = {
  email: "support@lender.example",
  // One number: the shown form is the app's phone display of the dialled one.
  phone: { display: formatPhone(SUPPORT_PHONE), tel: SUPPORT_PHONE },
} as const;

export const LEGAL_LINKS: readonly SiteLink[] = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
  { label: "Compliance", href: "/compliance" },
];

export const SOCIAL_LINKS: readonly SiteLink[] = [
  { label: "LinkedIn", href: "https://www.linkedin.example/company/employee-loans" },
  { label: "Facebook", href: "https://www.facebook.example/employeeloans" },
];

export const TRUST_BADGES: readonly TrustBadge[] = [
  {
    name: "Accredited business",
    href: "https://trust-seal.example.com/verify/employee-loans",
    mark: "check",
    lines: ["Accredited", "Business"],
  },
  {
    name: "Secure site",
    href: "https://secure-seal.example.com/verify/employee-loans",
    mark: "lock",
    lines: ["Secure site", "256-bit TLS"],
  },
];
