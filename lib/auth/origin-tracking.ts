import { userClient } from "@/lib/graphql/client";
import { justRegistered as markJustRegistered, logOriginTracking as logOrigin } from "@/lib/graphql/operations";

/**
 * Records where a new account came from (SPEC 7: logOriginTracking(originId)), with the user's own
 * identity token, right after sign-up from a partner page. The partner tag is the origin id.
 */
export async function logOriginTracking(graphqlUrl: string, idToken: string, originId: string): Promise<boolean> {
  return logOrigin(userClient(graphqlUrl, idToken), originId);
}

/**
 * Tells the lender a new account has just registered and which route it arrived for (SPEC 7:
 * justRegistered(applyNowRoute)), once, right after the account's first sign-in.
 */
export async function justRegistered(graphqlUrl: string, idToken: string, applyNowRoute: string): Promise<boolean> {
  return markJustRegistered(userClient(graphqlUrl, idToken), applyNowRoute);
}
