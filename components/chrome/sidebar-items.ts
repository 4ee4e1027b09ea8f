/**
 * The sidebar's links as data (SPEC 2, "Navigation and chrome"). The hrefs are the shell's own
 * paths; the middleware sends most of them on to the hosted apps, so the sidebar never needs to
 * know host names.
 */

export type SidebarIconName =
  | "dashboard"
  | "profile"
  | "upload"
  | "loan"
  | "history"
  | "referral"
  | "education"
  | "hotline"
  | "statements"
  | "faq"
  | "review"
  | "sign"
  | "servicing"
  | "verifications";

/** Who sees an item: everyone, admin portal users, or staff with a company-domain e-mail. */
export type SidebarAudience = "everyone" | "admin" | "company";

export interface SidebarItem {
  label: string;
  href: string;
  icon: SidebarIconName;
  audience: SidebarAudience;
}

export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: "dashboard", audience: "everyone" },
  { label: "Profile", href: "/AccountSettings", icon: "profile", audience: "everyone" },
  { label: "Document Upload", href: "/uploadHub", icon: "upload", audience: "everyone" },
  { label: "My Loan", href: "/loan", icon: "loan", audience: "everyone" },
  { label: "Transaction History", href: "/payments", icon: "history", audience: "everyone" },
  { label: "Referral Hub", href: "/referral", icon: "referral", audience: "everyone" },
  { label: "Financial Education", href: "/education", icon: "education", audience: "everyone" },
  { label: "Financial Hotline", href: "/hotline", icon: "hotline", audience: "everyone" },
  { label: "Statements", href: "/statements", icon: "statements", audience: "everyone" },
  { label: "FAQ", href: "/FAQ", icon: "faq", audience: "everyone" },
  { label: "Review", href: "/review", icon: "review", audience: "admin" },
  { label: "Counter Signs", href: "/dashboard-sign", icon: "sign", audience: "company" },
  { label: "Servicing", href: "/servicing", icon: "servicing", audience: "company" },
  { label: "Verifications", href: "/verifications", icon: "verifications", audience: "company" },
];

/**
 * True when the address's domain is exactly one of the company domains (case-insensitive).
 * Compared on the whole domain after the last "@", so "x@notlender.example" or
 * "lender.example@evil.example" do not pass for "lender.example".
 */
export function hasCompanyEmail(email: string | null | undefined, companyEmailDomains: readonly string[]): boolean {
  if (!email) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!domain) return false;
  return companyEmailDomains.some((d) => d.trim().replace(/^@/, "").toLowerCase() === domain);
}

export interface SidebarViewer {
  adminPortalUser?: boolean;
  email?: string | null;
  companyEmailDomains: readonly string[];
}

/** The items a viewer sees, in SPEC order. Showing a link grants nothing: the routes check the flags. */
export function sidebarItems({ adminPortalUser = false, email, companyEmailDomains }: SidebarViewer): SidebarItem[] {
  const company = hasCompanyEmail(email, companyEmailDomains);
  return SIDEBAR_ITEMS.filter(
    (item) => item.audience === "everyone" || (item.audience === "admin" && adminPortalUser) || (item.audience === "company" && company),
  );
}
