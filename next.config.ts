import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The route table decides trailing-slash variants itself; Next's own redirect would run first.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
};

export default nextConfig;
