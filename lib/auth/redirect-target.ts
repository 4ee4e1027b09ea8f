import { safeRedirectPath } from "@/lib/routing/safe-redirect";

/**
 * Where a visitor goes once signed in or loaded: the redirect query if it is a safe in-app path,
 * else the dashboard; the partner tag rides along (SPEC 4, 6). Pure, shared by the sign-in form,
 * /wait-load-redirect and /_restricted.
 */

export const DEFAULT_TARGET = "/dashboard";
/** Same name as PARTNER_PARAM in lib/routing/route-table.ts (pinned by a test; not imported, to keep the table out of client bundles). */
export const PARTNER_QUERY = "partner";

/** Pages that only exist to get somewhere else: never a place to return to (no loops). */
const WAYPOINTS = ["/login", "/register", "/wait-load-redirect", "/_restricted", "/%5Frestricted"];

const PARTNER_TAG = /^[A-Za-z0-9_-]{1,64}$/;

/** The partner tag from the query, if it looks like one. */
export function partnerTag(raw: string | string[] | null | undefined): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && PARTNER_TAG.test(value) ? value : undefined;
}

/** The path part of a target (no query or fragment), e.g. for the overlay's wording. */
export function targetPath(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

function pathOf(target: string): string {
  return targetPath(target).replace(/\/+$/, "").toLowerCase() || "/";
}

/** The safe return path from a redirect query value, or the dashboard. */
export function returnTarget(raw: string | string[] | null | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const safe = safeRedirectPath(value);
  if (!safe) return DEFAULT_TARGET;
  const path = pathOf(safe);
  return WAYPOINTS.some((w) => path === w.toLowerCase()) ? DEFAULT_TARGET : safe;
}

/** Adds ?partner=<tag> unless the target already names a partner. */
export function withPartner(target: string, partner: string | undefined): string {
  if (!partner) return target;
  const hash = target.indexOf("#");
  const beforeHash = hash === -1 ? target : target.slice(0, hash);
  const fragment = hash === -1 ? "" : target.slice(hash);
  const q = beforeHash.indexOf("?");
  const path = q === -1 ? beforeHash : beforeHash.slice(0, q);
  const params = new URLSearchParams(q === -1 ? "" : beforeHash.slice(q + 1));
  if (params.has(PARTNER_QUERY)) return target;
  params.append(PARTNER_QUERY, partner);
  return `${path}?${params.toString()}${fragment}`;
}

/** After the code is accepted: the safe redirect target or the dashboard, with the partner tag. */
export function signInTarget(redirect: string | string[] | null | undefined, partner: string | undefined): string {
  return withPartner(returnTarget(redirect), partner);
}

/** The in-app sign-in page for a visitor whose session is gone, coming back to `target`. */
export function loginFor(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}
