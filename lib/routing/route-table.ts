import type { HostedApp } from "@/lib/config/env";
import { LANDING_KEYS } from "@/lib/landing/headings";
import { IN_APP_ROWS } from "./in-app-paths";
import type { Destination, GuardName, Layout, RouteRow } from "./types";

/**
 * Every path of SPEC section 2: layout, guards in order, destination. A new route is one row.
 * Hosted paths the spec does not name are the obvious ones, shown here and in docs/routes.md. The
 * pages this app renders itself (IN_APP_ROWS) are written in in-app-paths.ts, which the browser's
 * links read without the rest of the table.
 */

/** One row of a layout's group: positional so that each row reads as one line of the table. */
const rowIn =
  (layout: Layout) =>
  (
    id: string,
    pattern: string,
    guards: readonly GuardName[],
    destination: Destination,
    extra: Pick<RouteRow, "whileSigningIn" | "note"> = {},
  ): RouteRow => ({
    id,
    pattern,
    layout,
    guards,
    destination,
    ...extra,
  });
const publicRow = rowIn("public");
const dashboardRow = rowIn("dashboard");
const hosted = (app: HostedApp, path: string): Destination => ({ kind: "hosted", app, path });
const asset = (path: string): Destination => ({ kind: "asset", path });

const NONE: readonly GuardName[] = [];
const SIGNED_IN: readonly GuardName[] = ["authenticated", "signedIn"];
const APPLYING: readonly GuardName[] = ["authenticated", "signedIn", "notYetSigned", "stepConsistency"];
const OFFER_SENT: readonly GuardName[] = ["authenticated", "offerSent", "signedIn"];
/** Public rows that read the application data wait on the processing notice. */
const WAIT_ON_NOTICE = { whileSigningIn: "/_restricted" } as const;

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

const partnerRows: RouteRow[] = Object.entries(PARTNER_TAGS).map(([path, tag]) =>
  publicRow(
    `partner${path}`,
    path,
    ["guestOnly"],
    { kind: "sign-in", page: "register", ...(tag ? { params: { [PARTNER_PARAM]: tag } } : {}) },
    { note: tag ? `partner tag ${tag}` : "no partner tag" },
  ),
);

const landingAliasRows: RouteRow[] = LANDING_KEYS.map((key) =>
  publicRow(`welcome-alias/${key}`, `/${key}`, NONE, hosted("marketing", `/for/${key}`), { note: "landing alias of /welcome" }),
);

const publicRows: RouteRow[] = [
  publicRow("home", "/", NONE, hosted("dashboard", "/")),
  publicRow("apply", "/apply", APPLYING, hosted("lending", "/apply"), WAIT_ON_NOTICE),
  publicRow("apply-step", "/apply/:step", APPLYING, hosted("lending", "/apply/:step"), WAIT_ON_NOTICE),
  publicRow("offer-direct-deposit", "/offer/directDeposit", OFFER_SENT, hosted("lending", "/direct-deposit"), WAIT_ON_NOTICE),
  publicRow("direct-deposit", "/directDeposit", OFFER_SENT, { kind: "route", path: "/offer/directDeposit" }, WAIT_ON_NOTICE),
  publicRow("offer-contract", "/offer/contract", SIGNED_IN, hosted("dashboard", "/contract"), WAIT_ON_NOTICE),
  publicRow("contract", "/contract", SIGNED_IN, hosted("dashboard", "/contract"), WAIT_ON_NOTICE),
  publicRow("contract-signed", "/contractSigned", SIGNED_IN, hosted("dashboard", "/contract"), WAIT_ON_NOTICE),
  publicRow("offer-congratulations", "/offer/congratulations", SIGNED_IN, hosted("dashboard", "/contract"), WAIT_ON_NOTICE),
  publicRow("welcome", "/welcome", NONE, hosted("marketing", "/")),
  ...landingAliasRows,
  publicRow("landing", "/landing/:feature", NONE, hosted("marketing", "/for/:feature")),
  publicRow("employees", "/employees", NONE, hosted("marketing", "/employees")),
  publicRow("employers", "/employers", NONE, hosted("marketing", "/employers")),
  publicRow("compliance", "/compliance", NONE, hosted("marketing", "/compliance")),
  publicRow("terms", "/terms", NONE, hosted("marketing", "/terms")),
  publicRow("privacy", "/privacy", NONE, hosted("marketing", "/privacy")),
  publicRow("faq", "/FAQ", ["authenticated"], hosted("marketing", "/faq")),
  publicRow("esign", "/esign", NONE, asset("/documents/esign-consent.pdf")),
  publicRow("tcpa", "/tcpa", NONE, asset("/documents/tcpa-consent.pdf")),
  publicRow("login", "/login", ["guestOnly"], { kind: "sign-in", page: "login" }),
  publicRow("register", "/register", ["guestOnly"], { kind: "sign-in", page: "register" }),
  publicRow("employer-request", "/employerRequest", NONE, hosted("lending", "/apply")),
  publicRow("not-approved", "/not-approved", NONE, hosted("lending", "/apply")),
  publicRow("nersubmitted", "/nersubmitted", NONE, hosted("lending", "/apply")),
  IN_APP_ROWS.restrictedNotice,
  ...partnerRows,
];

const AUTH: readonly GuardName[] = ["authenticated"];

const dashboardRows: RouteRow[] = [
  dashboardRow("dashboard", "/dashboard", ["authenticated", "countersToSign"], hosted("dashboard", "/")),
  IN_APP_ROWS.dashboardSign,
  dashboardRow("account-settings", "/AccountSettings", AUTH, hosted("dashboard", "/profile")),
  dashboardRow("upload-hub", "/uploadHub", AUTH, hosted("dashboard", "/upload-hub")),
  dashboardRow("upload", "/upload", AUTH, hosted("dashboard", "/upload-hub")),
  dashboardRow("education", "/education", AUTH, hosted("marketing", "/education")),
  dashboardRow("hotline", "/hotline", AUTH, hosted("marketing", "/hotline")),
  dashboardRow("servicing", "/servicing", ["authenticated", "loaded", "collectionsUser"], hosted("dashboard", "/servicing")),
  dashboardRow(
    "verifications",
    "/verifications",
    ["authenticated", "loaded", "verificationsPortalUser"],
    hosted("dashboard", "/verifications"),
  ),
  dashboardRow("review", "/review", ["authenticated", "loaded", "adminPortalUser"], hosted("dashboard", "/review")),
  dashboardRow("payments", "/payments", ["authenticated", "signedIn", "signedLoan"], hosted("dashboard", "/payments")),
  dashboardRow("statements", "/statements", AUTH, hosted("dashboard", "/documents")),
  dashboardRow("payment-settings", "/PaymentSettings", AUTH, hosted("dashboard", "/my-loan")),
  dashboardRow("loan", "/loan", AUTH, hosted("dashboard", "/my-loan")),
  dashboardRow("support", "/support", AUTH, hosted("dashboard", "/support")),
  dashboardRow("referral", "/referral", AUTH, hosted("dashboard", "/referrals")),
  dashboardRow("payroll-link", "/payrollLink", AUTH, hosted("dashboard", "/direct-deposit")),
  IN_APP_ROWS.personal,
  IN_APP_ROWS.employment,
  IN_APP_ROWS.bank,
  IN_APP_ROWS.bankOAuth,
  dashboardRow("application-blocked", "/applicationBlocked", AUTH, hosted("lending", "/apply")),
  IN_APP_ROWS.restricted,
  IN_APP_ROWS.underConstruction,
  IN_APP_ROWS.waitLoadRedirect,
];

export const ROUTE_TABLE: readonly RouteRow[] = [...publicRows, ...dashboardRows];
