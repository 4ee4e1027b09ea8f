import { LANDING_KEYS } from "@/lib/landing/headings";
import type { GuardName, RouteRow } from "./types";

/**
 * Every path of SPEC section 2: layout, guards in order, destination. A new route is one row.
 * Hosted paths the spec does not name are the obvious ones, shown here and in the README.
 */

const SIGNED_IN: readonly GuardName[] = ["authenticated", "signedIn"];

/** Partner landing links: the dashboard app's register page with the partner's tag. */
export const PARTNER_TAGS: Readonly<Record<string, string | null>> = {
  "/leads": null,
  "/myeducationdiscount": "myEducationDiscount",
  "/accessdevelopment": "accessDevelopment",
  "/youdecide": "youDecide",
  "/PerkSpot": "perkSpot",
  "/PerksAtWork": "perksAtWork",
  "/perks": "ebg",
  "/LifeMart": "lifeMart",
  "/freeway": null,
  "/BenefitHub": "benefitHub",
  "/corestream": "coreStream",
};

/** The query parameter that carries a partner tag to the register page. */
export const PARTNER_PARAM = "partner";

const partnerRows: RouteRow[] = Object.entries(PARTNER_TAGS).map(([path, tag]) => ({
  id: `partner${path}`,
  pattern: path,
  layout: "public",
  guards: ["guestOnly"],
  destination: { kind: "sign-in", page: "register", ...(tag ? { params: { [PARTNER_PARAM]: tag } } : {}) },
  note: tag ? `partner tag ${tag}` : "no partner tag",
}));

const landingAliasRows: RouteRow[] = LANDING_KEYS.map((key) => ({
  id: `welcome-alias/${key}`,
  pattern: `/${key}`,
  layout: "public",
  guards: [],
  destination: { kind: "hosted", app: "marketing", path: `/for/${key}` },
  note: "landing alias of /welcome",
}));

const publicRows: RouteRow[] = [
  { id: "home", pattern: "/", layout: "public", guards: [], destination: { kind: "hosted", app: "dashboard", path: "/" } },
  {
    id: "apply",
    pattern: "/apply",
    layout: "public",
    guards: ["authenticated", "signedIn", "notYetSigned", "stepConsistency"],
    destination: { kind: "hosted", app: "lending", path: "/apply" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "apply-step",
    pattern: "/apply/:step",
    layout: "public",
    guards: ["authenticated", "signedIn", "notYetSigned", "stepConsistency"],
    destination: { kind: "hosted", app: "lending", path: "/apply/:step" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "offer-direct-deposit",
    pattern: "/offer/directDeposit",
    layout: "public",
    guards: ["authenticated", "offerSent", "signedIn"],
    destination: { kind: "hosted", app: "lending", path: "/direct-deposit" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "direct-deposit",
    pattern: "/directDeposit",
    layout: "public",
    guards: ["authenticated", "offerSent", "signedIn"],
    destination: { kind: "route", path: "/offer/directDeposit" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "offer-contract",
    pattern: "/offer/contract",
    layout: "public",
    guards: SIGNED_IN,
    destination: { kind: "hosted", app: "dashboard", path: "/contract" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "contract",
    pattern: "/contract",
    layout: "public",
    guards: SIGNED_IN,
    destination: { kind: "hosted", app: "dashboard", path: "/contract" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "contract-signed",
    pattern: "/contractSigned",
    layout: "public",
    guards: SIGNED_IN,
    destination: { kind: "hosted", app: "dashboard", path: "/contract" },
    whileSigningIn: "/_restricted",
  },
  {
    id: "offer-congratulations",
    pattern: "/offer/congratulations",
    layout: "public",
    guards: SIGNED_IN,
    destination: { kind: "hosted", app: "dashboard", path: "/contract" },
    whileSigningIn: "/_restricted",
  },
  { id: "welcome", pattern: "/welcome", layout: "public", guards: [], destination: { kind: "hosted", app: "marketing", path: "/" } },
  ...landingAliasRows,
  {
    id: "landing",
    pattern: "/landing/:feature",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "marketing", path: "/for/:feature" },
  },
  {
    id: "employees",
    pattern: "/employees",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "marketing", path: "/employees" },
  },
  {
    id: "employers",
    pattern: "/employers",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "marketing", path: "/employers" },
  },
  {
    id: "compliance",
    pattern: "/compliance",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "marketing", path: "/compliance" },
  },
  { id: "terms", pattern: "/terms", layout: "public", guards: [], destination: { kind: "hosted", app: "marketing", path: "/terms" } },
  { id: "privacy", pattern: "/privacy", layout: "public", guards: [], destination: { kind: "hosted", app: "marketing", path: "/privacy" } },
  {
    id: "faq",
    pattern: "/FAQ",
    layout: "public",
    guards: ["authenticated"],
    destination: { kind: "hosted", app: "marketing", path: "/faq" },
  },
  { id: "esign", pattern: "/esign", layout: "public", guards: [], destination: { kind: "asset", path: "/documents/esign-consent.pdf" } },
  { id: "tcpa", pattern: "/tcpa", layout: "public", guards: [], destination: { kind: "asset", path: "/documents/tcpa-consent.pdf" } },
  { id: "login", pattern: "/login", layout: "public", guards: ["guestOnly"], destination: { kind: "sign-in", page: "login" } },
  { id: "register", pattern: "/register", layout: "public", guards: ["guestOnly"], destination: { kind: "sign-in", page: "register" } },
  {
    id: "employer-request",
    pattern: "/employerRequest",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "lending", path: "/apply" },
  },
  {
    id: "not-approved",
    pattern: "/not-approved",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "lending", path: "/apply" },
  },
  {
    id: "nersubmitted",
    pattern: "/nersubmitted",
    layout: "public",
    guards: [],
    destination: { kind: "hosted", app: "lending", path: "/apply" },
  },
  { id: "restricted-notice", pattern: "/_restricted", layout: "public", guards: [], destination: { kind: "in-app", path: "/_restricted" } },
  ...partnerRows,
];

const AUTH: readonly GuardName[] = ["authenticated"];

const dashboardRows: RouteRow[] = [
  {
    id: "dashboard",
    pattern: "/dashboard",
    layout: "dashboard",
    guards: ["authenticated", "countersToSign"],
    destination: { kind: "hosted", app: "dashboard", path: "/" },
  },
  {
    id: "dashboard-sign",
    pattern: "/dashboard-sign",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "in-app", path: "/dashboard-sign" },
  },
  {
    id: "account-settings",
    pattern: "/AccountSettings",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/profile" },
  },
  {
    id: "upload-hub",
    pattern: "/uploadHub",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/upload-hub" },
  },
  {
    id: "upload",
    pattern: "/upload",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/upload-hub" },
  },
  {
    id: "education",
    pattern: "/education",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "marketing", path: "/education" },
  },
  {
    id: "hotline",
    pattern: "/hotline",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "marketing", path: "/hotline" },
  },
  {
    id: "servicing",
    pattern: "/servicing",
    layout: "dashboard",
    guards: ["authenticated", "loaded", "collectionsUser"],
    destination: { kind: "hosted", app: "dashboard", path: "/servicing" },
  },
  {
    id: "verifications",
    pattern: "/verifications",
    layout: "dashboard",
    guards: ["authenticated", "loaded", "verificationsPortalUser"],
    destination: { kind: "hosted", app: "dashboard", path: "/verifications" },
  },
  {
    id: "review",
    pattern: "/review",
    layout: "dashboard",
    guards: ["authenticated", "loaded", "adminPortalUser"],
    destination: { kind: "hosted", app: "dashboard", path: "/review" },
  },
  {
    id: "payments",
    pattern: "/payments",
    layout: "dashboard",
    guards: ["authenticated", "signedIn", "signedLoan"],
    destination: { kind: "hosted", app: "dashboard", path: "/payments" },
  },
  {
    id: "statements",
    pattern: "/statements",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/documents" },
  },
  {
    id: "payment-settings",
    pattern: "/PaymentSettings",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/my-loan" },
  },
  { id: "loan", pattern: "/loan", layout: "dashboard", guards: AUTH, destination: { kind: "hosted", app: "dashboard", path: "/my-loan" } },
  {
    id: "support",
    pattern: "/support",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/support" },
  },
  {
    id: "referral",
    pattern: "/referral",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/referrals" },
  },
  {
    id: "payroll-link",
    pattern: "/payrollLink",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "dashboard", path: "/direct-deposit" },
  },
  { id: "personal", pattern: "/personal", layout: "dashboard", guards: AUTH, destination: { kind: "in-app", path: "/personal" } },
  { id: "employment", pattern: "/employment", layout: "dashboard", guards: AUTH, destination: { kind: "in-app", path: "/employment" } },
  { id: "bank", pattern: "/bank", layout: "dashboard", guards: AUTH, destination: { kind: "in-app", path: "/bank" } },
  {
    id: "application-blocked",
    pattern: "/applicationBlocked",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "hosted", app: "lending", path: "/apply" },
  },
  { id: "restricted", pattern: "/restricted", layout: "dashboard", guards: AUTH, destination: { kind: "in-app", path: "/restricted" } },
  {
    id: "under-construction",
    pattern: "/under-construction",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "in-app", path: "/under-construction" },
  },
  {
    id: "wait-load-redirect",
    pattern: "/wait-load-redirect",
    layout: "dashboard",
    guards: AUTH,
    destination: { kind: "in-app", path: "/wait-load-redirect" },
  },
];

export const ROUTE_TABLE: readonly RouteRow[] = [...publicRows, ...dashboardRows];
