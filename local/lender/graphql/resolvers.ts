import type { GraphQLResolveInfo } from "graphql";
import type { MutationResolvers, QueryResolvers } from "../../../contract/generated/types";
import type { Db } from "../../infra/db";
import * as app from "../data/application";
import * as employment from "../data/employment";
import { employerRequestsOf, requestEmployer } from "../data/employer-requests";
import { loadEmployer } from "../data/employers";
import { EsignError, issueSigningLink } from "../data/esign";
import { esignBaseUrl } from "../../vendors/esign/settings";
import { loadFrontend, type Caller } from "../data/frontend";
import * as funding from "../data/funding";
import { fundingSettings } from "../../vendors/plaid/settings";
import { loadLead } from "../data/leads";
import * as lending from "../rules/operations";
import { text } from "../data/validate";
import type { Auth } from "./auth";
import { AppSyncError } from "./errors";
import { assertActionOpen } from "../rules/machine-guard";
import type { Action } from "../../../lib/application/application-machine";

export interface Context {
  auth: Auth;
  db: () => Promise<Db>;
}

/**
 * The resolver map: exactly one resolver per root field of the contract (executable-schema.ts
 * refuses to start otherwise). Argument and answer types are generated from contract/schema.
 */
export interface RootResolvers {
  Query: Required<QueryResolvers<Context>>;
  Mutation: Required<MutationResolvers<Context>>;
}

/** AppSync's per-field refusal when the auth mode is not allowed on that field. */
export function notAuthorized(info: GraphQLResolveInfo): AppSyncError {
  return new AppSyncError("Unauthorized", `Not Authorized to access ${info.fieldName} on type ${info.parentType.name}`);
}

/** A field any authenticated user may call; the API key is refused (unless the contract marks it public). */
const user =
  <A, R>(fn: (db: Db, caller: Caller, args: A) => R | Promise<R>, action?: Action | ((args: A) => Action)) =>
  async (_parent: unknown, args: A, ctx: Context, info: GraphQLResolveInfo): Promise<R> => {
    if (ctx.auth.kind !== "user") throw notAuthorized(info);
    const db = await ctx.db();
    // A write is first checked against the application's state machine (lib/application/application-machine.ts).
    if (action) await assertActionOpen(db, ctx.auth.caller.sub, typeof action === "function" ? action(args) : action);
    return fn(db, ctx.auth.caller, args);
  };

/** identifies changes the applicant's identity when it carries one of those fields; otherwise only contact details. */
const IDENTITY_ARGS = ["given_name", "middle_name", "family_name", "birthdate", "ssn"] as const;
const identifiesAction = (args: object): Action =>
  IDENTITY_ARGS.some((f) => (args as Record<string, unknown>)[f] !== undefined && (args as Record<string, unknown>)[f] !== null)
    ? "giveIdentity"
    : "updateContact";

/**
 * A field the public key may call too (employer and lead lookups). Only the contract makes a field
 * public (@aws_api_key): executable-schema.ts refuses the key on every other field first.
 */
const publicField =
  <A, R>(fn: (db: Db, args: A) => R | Promise<R>) =>
  async (_parent: unknown, args: A, ctx: Context): Promise<R> =>
    fn(await ctx.db(), args);

/** Lending operations come with their own issues; until then: an error that says so, never a fake success. */
/** Funding errors carry AppSync's errorType and the field they concern. */
const fundingOp =
  <A, R>(fn: (db: Db, caller: Caller, args: A) => Promise<R>) =>
  async (db: Db, caller: Caller, args: A): Promise<R> => {
    try {
      return await fn(db, caller, args);
    } catch (error) {
      if (error instanceof funding.FundingError)
        throw new AppSyncError(error.type, error.message, error.field ? { field: error.field } : null, error.committed);
      throw error;
    }
  };

export const resolvers: RootResolvers = {
  Query: {
    loadFrontend: user((db, caller) => loadFrontend(db, caller)),
    accounts: user((db, caller) => funding.readSources(db, caller.sub)),
    gets: user((db, caller) => app.gets(db, caller)),
    queries: user((db, caller) => app.contractSigned(db, caller)),
    rating: user((db, caller) => app.rating(db, caller)),
    qualifies: user((db, caller) => lending.qualifies(db, caller)),
    employerRequests: user((db, caller) => employerRequestsOf(db, caller)),
    leadsModel: publicField((db, a) => loadLead(db, a.leadId)),
  },
  Mutation: {
    checkIfIslandInAlgolia: publicField((db, a) => app.checkIsland(db, a.employerId)),
    loadEmployer: publicField((db, a) => loadEmployer(db, text("employerId", a.employerId, { max: 64 }))),
    setApplicationStep: user((db, caller, a) => lending.setApplicationStep(db, caller, a.applicationStep)),
    setEmployer: user((db, caller, a) => app.setEmployer(db, caller, a.employerId), "chooseEmployer"),
    applies: user(
      (db, caller, a) => app.applies(db, caller, { amount: a.amount, other: a.other, reason: a.reason, state: a.state, type: a.type }),
      "requestLoan",
    ),
    identifies: user((db, caller, a) => app.identifies(db, caller, a), identifiesAction),
    addData: user((db, caller, a) => app.addData(db, caller, a.username, a.reapplicationData)),
    setEvolveConsent: user((db, caller, a) => app.setEvolveConsent(db, caller, a.consent), "consent"),
    justRegistered: user((db, caller, a) => app.justRegistered(db, caller, a.applyNowRoute)),
    logOriginTracking: user((db, caller, a) => app.logOriginTracking(db, caller, a.originId)),
    gtmEcommerceId: user((db, caller, a) => app.gtmEcommerceId(db, caller, { username: a.username, type: a.type, id: a.id })),
    logs: user((db, caller, a) => app.log(db, caller, a.message)),
    // The embedded signing URL on the e-signature stand-in, for the caller's own unsigned contract.
    counters: user(async (db, caller, a) => {
      try {
        return await issueSigningLink(db, caller, a.signature_id, esignBaseUrl());
      } catch (error) {
        if (error instanceof EsignError) throw new AppSyncError(error.type, error.message, { field: "signature_id" });
        throw error;
      }
    }, "signContract"),
    // Employment and payroll linking (local/lender/data/employment.ts).
    requestEmployer: user((db, caller, a) => requestEmployer(db, caller, a), "requestEmployer"),
    employmentInformationNextHandler: user((db, caller, a) => employment.employmentInformationNextHandler(db, caller, a), "giveEmployment"),
    initializeArgyle: user(
      (db, caller, a) =>
        employment.initializeArgyle(db, caller, { username: a.username, employerId: a.employerId, directDeposit: a.directDeposit }),
      "linkPayroll",
    ),
    successfulArgyleUpdate: user(
      (db, caller, a) => employment.successfulArgyleUpdate(db, caller, { username: a.username, argyleUserId: a.argyleUserId }),
      "linkPayroll",
    ),
    // Funding sources (issue 10): local/lender/data/funding.ts.
    createLinkToken: user(
      fundingOp((db, caller, a) => funding.createLinkToken(db, caller, fundingSettings(), a.redirectUri)),
      "linkBank",
    ),
    links: user(
      fundingOp((db, caller, a) => funding.links(db, caller, a.publicToken, a.metaData)),
      "linkBank",
    ),
    manually: user(
      fundingOp((db, caller, a) =>
        funding.manually(db, caller, { account: a.account, name: a.name, routing: a.routing, type: a.type }, fundingSettings()),
      ),
      "addAccountByHand",
    ),
    verifies: user(
      fundingOp((db, caller, a) => funding.verifies(db, caller, a.amount1, a.amount2, a.account_id)),
      "verifyDeposits",
    ),
    setActiveFSID: user(
      fundingOp((db, caller, a) => funding.setActiveFSID(db, caller, a.fs_account_id, a.isReAppWithPlaid)),
      "chooseAccount",
    ),
    checkItemStatus: user(
      fundingOp((db, caller, a) => funding.checkItemStatus(db, caller, a.username, a.bankAccountId, fundingSettings())),
      "linkBank",
    ),
    // Lending decisions (local/lender/rules): the stand-in's rules, on the loan math.
    preQualification: user((db, caller, a) => lending.preQualification(db, caller, a.username), "checkRate"),
    originationPaymentCalculator: user((db, caller, a) => lending.originationPaymentCalculator(db, caller, a.username), "signContract"),
    setApplyExtraPaymentFlag: user(
      (db, caller, a) => lending.setApplyExtraPaymentFlag(db, caller, a.username, a.flag),
      "setExtraPaymentFlag",
    ),
  },
};
