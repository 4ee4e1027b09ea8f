import type { NextConfig } from "next";
import { MAX_UPLOAD_BODY_BYTES } from "./lib/lending/upload-limits";

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
  // Requests pass the proxy (middleware.ts) with their body cut at this size: an upload of the
  // stated 10 MiB limit, with its multipart framing, must arrive whole (lib/lending/upload-limits.ts).
  experimental: { proxyClientMaxBodySize: MAX_UPLOAD_BODY_BYTES },
};

export default nextConfig;
