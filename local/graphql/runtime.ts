import { serverConfig } from "../../lib/config/env";
import { localDb } from "../db/index";
import { localOnly } from "../identity/local-only";
import { createGraphqlHandler } from "./handler";

/** The GraphQL stand-in wired to the process's configuration and database (route file and tests alike). */
export const graphqlHandler = localOnly(
  serverConfig,
  createGraphqlHandler({
    db: localDb,
    auth: () => {
      const { cognito, graphql } = serverConfig();
      return { issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.clientId, apiKey: graphql.apiKey };
    },
  }),
);
