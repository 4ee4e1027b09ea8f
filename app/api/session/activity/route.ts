import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/lib/config/env";
import { ACTIVITY_COOKIE, activityCookieOptions } from "@/lib/session/activity";
import { edgeActivity } from "@/lib/session/edge-activity";
import { currentSession } from "@/lib/session/server-session";
import { isSameOriginRequest, sessionCookieJar } from "@/lib/session/session-cookies";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };

/**
 * The browser's word that the person is busy in an open page (typing a long form sends no request):
 * renews the idle stamp as a page request does at the edge, so the server's idle limit counts the
 * activity the browser's idle sign-out counts (lib/browser/idle-watch.ts calls it at most every
 * SERVER_ACTIVITY_PING_MS). It never revives an idle sign-in: a stamp past the limit stays past it,
 * and the next page request or claims load ends that sign-in. Same-origin POST only.
 */
export async function POST(request: NextRequest): Promise<NextResponse> {
  const config = serverConfig();
  if (!isSameOriginRequest(request.headers, [new URL(config.appUrl).origin, request.nextUrl.origin])) {
    return new NextResponse(null, { status: 403, headers: NO_STORE });
  }
  const session = await currentSession();
  // An expired identity token (or the key set out of reach): nothing to check yet; the browser's
  // refresh and its claims load stamp the activity.
  if (session.status === "verifying") return new NextResponse(null, { status: 202, headers: NO_STORE });
  if (session.status === "anonymous") return new NextResponse(null, { status: 401, headers: NO_STORE });
  // The edge's own rule for a page request: renewed when due, never revived once idle.
  const activity = await edgeActivity(session, sessionCookieJar(request.headers.get("cookie")).get(ACTIVITY_COOKIE), config.sessionSecret);
  if (activity.clearSession) return new NextResponse(null, { status: 401, headers: NO_STORE });
  const response = new NextResponse(null, { status: 204, headers: NO_STORE });
  if (activity.stamp) response.cookies.set({ ...activityCookieOptions(config), value: activity.stamp });
  return response;
}
