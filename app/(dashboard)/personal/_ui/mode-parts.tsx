"use client";

import dynamic from "next/dynamic";

/**
 * /personal shows one mode per visit (page-mode.ts): each mode's client code loads only when it
 * renders, not every mode's with every page (issue 24). No loading option: a part shown on arrival
 * is rendered by the server in the page itself (see components/ui/on-demand.tsx).
 */
export const LoanRequestForm = dynamic(() => import("./loan-request-form").then((m) => m.LoanRequestForm));
export const PersonalDetailsForm = dynamic(() => import("./personal-details-form").then((m) => m.PersonalDetailsForm));
export const AccountSettings = dynamic(() => import("./account-settings").then((m) => m.AccountSettings));
export const LoanRequestChange = dynamic(() => import("./loan-request-change").then((m) => m.LoanRequestChange));
export const IdentityChange = dynamic(() => import("./identity-change").then((m) => m.IdentityChange));
