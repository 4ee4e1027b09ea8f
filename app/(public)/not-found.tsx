import { NotFoundNotice } from "@/components/notices/not-found-notice";

/**
 * notFound() from a public page: the group's layout already draws the public chrome, so only the
 * notice (the root not-found draws the chrome itself, for paths without a route). Next also sends
 * the nearest not-found with every layout level of each page's payload: this one keeps a third copy
 * of the chrome out of every public page's HTML (issue 24).
 */
export default function PublicNotFound() {
  return <NotFoundNotice />;
}
