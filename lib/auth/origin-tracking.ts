import { userClient } from "@/lib/api/client";
import { logOriginTracking as logOrigin } from "@/lib/api/operations";

/**
 * Records where a new account came from (SPEC 7: logOriginTracking(originId)), with the user's own
 * identity token, right after sign-up from a partner page. The partner tag is the origin id.
 */
export async function logOriginTracking(graphqlUrl: string, idToken: string, originId: string): Promise<boolean> {
  return logOrigin(userClient(graphqlUrl, idToken), originId);
}
