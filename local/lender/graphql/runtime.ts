import { serverConfig } from "../../../lib/config/env";
import { sessionEnded } from "../../vendors/cognito/store";
import { localDb } from "../../startup";
import { createGraphqlHandler } from "./handler";

/** The GraphQL stand-in wired to the process's configuration and database (served by local/routes.ts). */
export const graphqlHandler = createGraphqlHandler({
  db: localDb,
  auth: () => {
    const { cognito, graphql } = serverConfig();
    return {
      issuer: cognito.issuer,
      jwksUrl: cognito.jwksUrl,
      clientId: cognito.clientId,
      apiKey: graphql.apiKey,
      // Both stand-ins share the database: the API sees a sign-out the moment the identity service records it.
      sessionEnded: async (originJti: string, sub: string) => sessionEnded(await localDb(), originJti, sub),
    };
  },
});
