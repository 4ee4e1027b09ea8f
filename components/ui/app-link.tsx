import Link from "next/link";
import type { AnchorHTMLAttributes, ReactNode, Ref } from "react";
import { IN_APP_PATHS } from "@/lib/routing/in-app-paths";
import { normalizePath } from "@/lib/routing/match";

/**
 * True when the middleware lets this href through to a page of this app (an "in-app" row of the
 * route table). Everything else (hosted apps, sign-in pages served elsewhere, assets, unknown
 * paths, absolute URLs) is a full page load: a client-side transition or prefetch would only run
 * into a cross-origin redirect.
 */
export function isInAppHref(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const end = href.search(/[?#]/);
  const path = normalizePath(end === -1 ? href : href.slice(0, end));
  if (!path.ok) return false;
  return IN_APP_PATHS.has(path.key);
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The link every chrome component uses for the shell's own paths: next/link for pages this app
 * renders, a plain anchor for routes the middleware sends to another host.
 */
export function AppLink({ href, children, ref, ...props }: AppLinkProps) {
  if (isInAppHref(href)) {
    return (
      <Link href={href} ref={ref} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} ref={ref} {...props}>
      {children}
    </a>
  );
}
