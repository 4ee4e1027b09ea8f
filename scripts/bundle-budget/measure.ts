import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { LibraryRule, RouteWeight } from "./budgets";

/** One row of Next's .next/diagnostics/route-bundle-stats.json (written by `next build`). */
interface RouteBundleStat {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

export function readRouteStats(appDir: string): RouteBundleStat[] {
  const file = path.join(appDir, ".next", "diagnostics", "route-bundle-stats.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`next build\` first`);
  const stats = JSON.parse(readFileSync(file, "utf8")) as RouteBundleStat[];
  if (!Array.isArray(stats) || stats.some((s) => typeof s.route !== "string" || !Array.isArray(s.firstLoadChunkPaths))) {
    throw new Error(`${file} is not in the format this check knows (Next changed it?)`);
  }
  return stats;
}

/** Gzipped size and text of each chunk, read once however many routes share it. */
function chunkReader(appDir: string) {
  const cache = new Map<string, { gzip: number; text: string }>();
  return (chunkPath: string) => {
    let chunk = cache.get(chunkPath);
    if (!chunk) {
      const bytes = readFileSync(path.join(appDir, chunkPath));
      chunk = { gzip: gzipSync(bytes, { level: 9 }).length, text: bytes.toString("utf8") };
      cache.set(chunkPath, chunk);
    }
    return chunk;
  };
}

/** Every page route of a build (API routes ship no JS) with its gzipped first load and libraries. */
export function measureRoutes(appDir: string, rules: LibraryRule[]): RouteWeight[] {
  const read = chunkReader(appDir);
  return readRouteStats(appDir)
    .filter((s) => !s.route.startsWith("/api/"))
    .map((s) => {
      const chunks = s.firstLoadChunkPaths.map(read);
      return {
        route: s.route,
        gzipBytes: chunks.reduce((sum, c) => sum + c.gzip, 0),
        libraries: rules.filter((r) => r.markers.some((m) => chunks.some((c) => c.text.includes(m)))).map((r) => r.name),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The markers of a rule that its source no longer contains (they would never match a bundle). */
export function staleMarkers(root: string, rule: LibraryRule): string[] {
  const files: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
    else if (/\.(m?js|cjs|tsx?)$/.test(p)) files.push(p);
  };
  walk(path.join(root, rule.source));
  const texts = files.map((f) => readFileSync(f, "utf8"));
  return rule.markers.filter((m) => !texts.some((t) => t.includes(m)));
}
