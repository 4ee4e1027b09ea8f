import { NotFoundNotice } from "@/components/notices/not-found-notice";

/**
 * notFound() from a dashboard page: the notice inside the dashboard's own chrome (the root
 * not-found draws the public chrome, for paths without a route; here it would draw it inside this
 * layout's). Next also sends the nearest not-found with every layout level of each page's payload:
 * this one keeps a second copy of the public chrome out of every dashboard page's HTML (issue 24).
 */
export default function DashboardNotFound() {
  return <NotFoundNotice />;
}
