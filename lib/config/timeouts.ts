/**
 * How long the server waits for the services it calls before giving the visitor the page's own
 * "try again" answer: never a hang, and never longer than a load balancer's idle timeout (60 s on an
 * ALB). The defaults; GRAPHQL_TIMEOUT_MS and COGNITO_TIMEOUT_MS override them (lib/config/env.ts).
 */
export const UPSTREAM_TIMEOUT_DEFAULTS = {
  /** One GraphQL API call (AppSync's own resolver limit is 30 s; a page makes one or two calls). */
  graphqlMs: 10_000,
  /** One Cognito call from the server: the JWKS fetch, RevokeToken. */
  cognitoMs: 2_000,
} as const;

/** The range either may be set to. */
export const UPSTREAM_TIMEOUT_RANGE = { minMs: 100, maxMs: 30_000 } as const;
