import type { NextConfig } from "next";
import { ACTION_BODY_LIMIT_BYTES } from "./lib/security/action-request";

const nextConfig: NextConfig = {
  // The route table decides trailing-slash variants itself; Next's own redirect would run first.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Type checking is its own step of the test command (npm run typecheck), not repeated per build.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  // jose ships ES modules only; listing it lets next/jest transform it for unit tests.
  transpilePackages: ["jose"],
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // The edge refuses a larger server-action body first, with our own words (lib/security/action-request.ts).
  experimental: { serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES } },
};

export default nextConfig;
