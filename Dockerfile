# syntax=docker/dockerfile:1
# One image per commit, promoted unchanged from staging to production (docs/operations.md#deployment).
#
#   docker build \
#     --build-arg NEXT_DEPLOYMENT_ID="$(git rev-parse --short=12 HEAD)" \
#     --secret id=server_actions_key,env=NEXT_SERVER_ACTIONS_ENCRYPTION_KEY \
#     -t lending-shell:"$(git rev-parse --short=12 HEAD)" .
#
# Node 26 is the Active LTS line ("Lithium", LTS since 2026-10-28); pin the digest in your registry's
# mirror for reproducible builds. scripts/standalone-smoke.sh lays out the same files as the last
# stage and starts them the same way, on the same Node major, in CI.
ARG NODE_IMAGE=node:26-slim

# --- dependencies: the lockfile's tree (npm ci cannot work from this lockfile; install reproduces it)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# --- build: next build with output "standalone"
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# The build's id (the commit): next.config.ts makes it the deploymentId.
ARG NEXT_DEPLOYMENT_ID
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# Server-action ids are salted with the encryption key at build: every build of a release made with
# the same key serves the others' actions. A build secret, so it stays out of the image's layers
# and history (the server reads it from the environment at run time).
RUN --mount=type=secret,id=server_actions_key,required=true \
    test -n "$NEXT_DEPLOYMENT_ID" || { echo "build with --build-arg NEXT_DEPLOYMENT_ID=<commit>" >&2; exit 1; }; \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(cat /run/secrets/server_actions_key)" npm run build

# --- run: the standalone output, its static files, public/ and the entry; nothing else
FROM ${NODE_IMAGE} AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/scripts/start.mjs /app/scripts/http-lifecycle.mjs ./scripts/
# The code belongs to root, read-only to the server; Next may write its cache only.
RUN mkdir -p .next/cache && chown node:node .next/cache
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Not Next's server.js, which exits at once on SIGTERM: scripts/start.mjs drains (readiness 503,
# requests in flight answered, exit within SHUTDOWN_DRAIN_SECONDS). Exec form: node is PID 1 and
# gets the signal itself.
CMD ["node", "scripts/start.mjs"]
