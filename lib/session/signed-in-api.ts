import "server-only";
import type { GraphQLClient } from "graphql-request";
import { publicClient, userClient } from "@/lib/graphql/client";
import { serverConfig } from "@/lib/config/env";
import { currentRequestId } from "@/lib/observability/request-context";
import { cookieIdToken, currentSession } from "./server-session";
import type { Session } from "./session";

export type SignedInSession = Exclude<Session, { status: "anonymous" } | { status: "verifying" }>;

export interface SignedInApi {
  session: SignedInSession;
  username: string;
  /** The GraphQL API as this user: their own identity token, read from the cookie on the server. */
  client: GraphQLClient;
}

/**
 * The one way the server acts for the signed-in user (server actions, page loaders, the claims
 * route). Fails closed: no verified identity (a verifying session included), or no token to send, is null — never an exception.
 */
export async function signedInApi(): Promise<SignedInApi | null> {
  const session = await currentSession();
  // A verifying visitor's token has expired: nothing is sent on their behalf until the browser refreshes it.
  if (session.status === "anonymous" || session.status === "verifying") return null;
  const token = await cookieIdToken();
  if (!token) return null;
  const { graphql, timeouts } = serverConfig();
  return { session, username: session.username, client: userClient(graphql.url, token, timeouts.graphqlMs, await currentRequestId()) };
}

/** The API with the public key: only the public lookups (employer, island check, lead) accept it. */
export async function publicApi(): Promise<GraphQLClient> {
  const { graphql, timeouts } = serverConfig();
  return publicClient(graphql.url, graphql.apiKey, timeouts.graphqlMs, await currentRequestId());
}
