import type { ServerConfig } from "@/lib/config/env";
import { CLAIMS_COOKIE, CLAIMS_TTL_SECONDS } from "./claims";

/** Attributes of the claims cookie: unreadable by scripts, shared with the hosted apps when a domain is set. */
export function claimsCookieOptions(config: Pick<ServerConfig, "appUrl" | "cookieDomain">) {
  return {
    name: CLAIMS_COOKIE,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.appUrl.startsWith("https://"),
    path: "/",
    maxAge: CLAIMS_TTL_SECONDS,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}
