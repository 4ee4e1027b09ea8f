import type { NextConfig } from "next";
import { MAX_UPLOAD_BODY_BYTES } from "./lib/lending/upload-limits";
import { ACTION_BODY_LIMIT_BYTES } from "./lib/security/action-request";

const nextConfig: NextConfig = {
  // The image ships .next/standalone (server code and the traced node_modules only), started by
  // scripts/start.mjs; see the Dockerfile and docs/operations.md#deployment.
  output: "standalone",
  // One id per build, given at build (the image's commit): a browser holding pages of another build
  // gets a full reload instead of a failed server action during a rolling deploy. Server-action ids
  // are salted with NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, also read at build, so every build of a
  // commit made with the same key and id serves the others' actions.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  // The route table decides trailing-slash variants itself; Next's own redirect would run first.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Type checking is its own step of the test command (npm run typecheck), not repeated per build.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // jose ships ES modules only; listing it lets next/jest transform it for unit tests.
  transpilePackages: ["jose"],
  // The edge refuses a larger server-action body first, with our own words (lib/security/action-request.ts).
  // Requests pass the proxy (middleware.ts) with their body cut at proxyClientMaxBodySize: an upload of
  // the stated 10 MiB limit, with its multipart framing, must arrive whole (lib/lending/upload-limits.ts).
  experimental: {
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES },
    proxyClientMaxBodySize: MAX_UPLOAD_BODY_BYTES,
    // The stylesheet (Tailwind: about 7 KiB compressed) comes inside the HTML, not as a render-blocking
    // request of its own: on a phone the first paint no longer waits a round trip for it, and it
    // happens before the scripts arrive (issue 24: LCP). Most visits are a partner link's first.
    inlineCss: true,
  },
};

export default nextConfig;
