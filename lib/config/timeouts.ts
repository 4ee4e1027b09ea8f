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

/**
 * The longest any request may take before the request scope answers for it (lib/observability/request-scope.ts):
 * each call it makes is bounded (above), and a save's read-back may add one more; anything still open
 * after this is a stall. Under an ALB's 60 s idle timeout, so the person gets our answer, not the
 * balancer's 504. REQUEST_DEADLINE_MS overrides it, within the range below; the e2e deadline server
 * shortens it to cut a write on purpose (nothing sets it in production).
 */
export const REQUEST_DEADLINE_DEFAULT_MS = 45_000;
export const REQUEST_DEADLINE_RANGE = { minMs: 1_000, maxMs: 55_000 } as const;
