import { gql } from "graphql-request";
import { userClient } from "@/lib/api/client";

/**
 * Records where a new account came from (SPEC 7: logOriginTracking(originId)), with the user's own
 * identity token, right after sign-up from a partner page. The partner tag is the origin id.
 */
const LOG_ORIGIN_TRACKING = gql`
  mutation logOriginTracking($originId: String!) { logOriginTracking(originId: $originId) }
`;

export async function logOriginTracking(graphqlUrl: string, idToken: string, originId: string): Promise<boolean> {
  const data = await userClient(graphqlUrl, idToken).request<{ logOriginTracking: boolean | null }>(LOG_ORIGIN_TRACKING, { originId });
  return data.logOriginTracking === true;
}
