import { gql, type GraphQLClient } from "graphql-request";

/** The funding-source operations (SPEC 7 plus createLinkToken), typed. Server side only (the /bank actions). */

export interface FundingSource {
  account_id: string;
  link_type: "plaid_getAuth" | "dwolla_MicroDeposits" | string;
  name: string;
  mask: string | null;
  subtype: string | null;
  verified: boolean;
  active: boolean;
  locked: boolean;
  verifyTriesLeft: number | null;
  institutionName: string | null;
}

export interface LinkToken {
  link_token: string;
  expiration: string;
}

const SOURCE = "account_id link_type name mask subtype verified active locked verifyTriesLeft institutionName";

export async function accounts(client: GraphQLClient): Promise<FundingSource[]> {
  const data = await client.request<{ accounts: FundingSource[] | null }>(gql`query accounts { accounts { ${SOURCE} } }`);
  return data.accounts ?? [];
}

/** A Plaid link token for this user: products auth and assets, country US, the environment's webhook. */
export async function createLinkToken(client: GraphQLClient): Promise<LinkToken> {
  const data = await client.request<{ createLinkToken: LinkToken }>(gql`mutation createLinkToken { createLinkToken { link_token expiration } }`);
  return data.createLinkToken;
}

/** 200 on success (SPEC 7). metaData travels as AWSJSON (JSON text). */
export async function links(client: GraphQLClient, publicToken: string, metaData: unknown): Promise<number | null> {
  const data = await client.request<{ links: number | null }>(
    gql`mutation links($publicToken: String!, $metaData: AWSJSON) { links(publicToken: $publicToken, metaData: $metaData) }`,
    { publicToken, metaData: JSON.stringify(metaData) },
  );
  return data.links;
}

export async function manually(client: GraphQLClient, input: { account: string; name: string; routing: string; type: string }): Promise<FundingSource> {
  const data = await client.request<{ manually: FundingSource }>(
    gql`mutation manually($account: String!, $name: String!, $routing: String!, $type: String!) {
      manually(account: $account, name: $name, routing: $routing, type: $type) { ${SOURCE} }
    }`,
    input,
  );
  return data.manually;
}

export async function verifies(client: GraphQLClient, amount1: number, amount2: number, accountId: string): Promise<string | null> {
  const data = await client.request<{ verifies: string | null }>(
    gql`mutation verifies($amount1: Float!, $amount2: Float!, $accountId: String!) { verifies(amount1: $amount1, amount2: $amount2, account_id: $accountId) }`,
    { amount1, amount2, accountId },
  );
  return data.verifies;
}

export async function setActiveFSID(client: GraphQLClient, fsAccountId: string, isReAppWithPlaid?: boolean): Promise<boolean | null> {
  const data = await client.request<{ setActiveFSID: boolean | null }>(
    gql`mutation setActiveFSID($id: String!, $re: Boolean) { setActiveFSID(fs_account_id: $id, isReAppWithPlaid: $re) }`,
    { id: fsAccountId, re: isReAppWithPlaid ?? null },
  );
  return data.setActiveFSID;
}

/** "SUCCESS", or a link token for Link's update mode (SPEC 4). */
export async function checkItemStatus(client: GraphQLClient, username: string, bankAccountId: string): Promise<string | null> {
  const data = await client.request<{ checkItemStatus: string | null }>(
    gql`mutation checkItemStatus($username: String!, $id: String!) { checkItemStatus(username: $username, bankAccountId: $id) }`,
    { username, id: bankAccountId },
  );
  return data.checkItemStatus;
}
