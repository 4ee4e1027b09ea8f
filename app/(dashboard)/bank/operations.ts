import type { GraphQLClient } from "graphql-request";
import {
  AccountsDocument,
  BankDirectDepositDocument,
  CheckItemStatusDocument,
  CreateLinkTokenDocument,
  LinksDocument,
  ManuallyDocument,
  SetActiveFsidDocument,
  VerifiesDocument,
  type CreateLinkTokenMutation,
  type FundingSourceFieldsFragment,
} from "@/lib/graphql/generated/operations";
import { present } from "@/lib/graphql/operations";

/**
 * The funding-source operations (SPEC 7 plus createLinkToken), over the generated documents of
 * operations.graphql beside this file. Server side only (the /bank actions).
 */

export type FundingSource = FundingSourceFieldsFragment;
export type LinkToken = NonNullable<CreateLinkTokenMutation["createLinkToken"]>;

export async function accounts(client: GraphQLClient): Promise<FundingSource[]> {
  return (await client.request(AccountsDocument)).accounts ?? [];
}

/** Direct deposit as /bank says it: confirmed or not, and by whom (the employer's payroll or the applicant). */
export async function directDeposit(
  client: GraphQLClient,
): Promise<{ step: string; confirmed: boolean; confirmedBy: "payroll" | "applicant" | null }> {
  const load = present((await client.request(BankDirectDepositDocument)).loadFrontend, "loadFrontend");
  return {
    step: load.applicationStep,
    confirmed: load.appInfo.directDepositConfirmed,
    confirmedBy: load.appInfo.directDepositConfirmedBy ?? null,
  };
}

/** A Plaid link token for this user: products auth and assets, country US, the environment's webhook, OAuth banks returning to redirectUri. */
export async function createLinkToken(client: GraphQLClient, redirectUri: string): Promise<LinkToken> {
  return present((await client.request(CreateLinkTokenDocument, { redirectUri })).createLinkToken, "createLinkToken");
}

/** 200 on success (SPEC 7). metaData travels as AWSJSON (JSON text). */
export async function links(client: GraphQLClient, publicToken: string, metaData: unknown): Promise<number | null> {
  return (await client.request(LinksDocument, { publicToken, metaData: JSON.stringify(metaData) })).links;
}

export async function manually(
  client: GraphQLClient,
  input: { account: string; name: string; routing: string; type: string },
): Promise<FundingSource> {
  return present((await client.request(ManuallyDocument, input)).manually, "manually");
}

export async function verifies(client: GraphQLClient, amount1: number, amount2: number, accountId: string): Promise<string | null> {
  return (await client.request(VerifiesDocument, { amount1, amount2, accountId })).verifies;
}

export async function setActiveFSID(client: GraphQLClient, fsAccountId: string, isReAppWithPlaid?: boolean): Promise<boolean | null> {
  return (await client.request(SetActiveFsidDocument, { id: fsAccountId, re: isReAppWithPlaid ?? null })).setActiveFSID;
}

/** "SUCCESS", or a link token for Link's update mode (SPEC 4). */
export async function checkItemStatus(client: GraphQLClient, username: string, bankAccountId: string): Promise<string | null> {
  return (await client.request(CheckItemStatusDocument, { username, id: bankAccountId })).checkItemStatus;
}
