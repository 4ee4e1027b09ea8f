import { NextResponse } from "next/server";

// The baseline: a Next middleware that redirects every matched request, with no decision at all.
export function middleware(request) {
  return NextResponse.redirect(new URL("/register?redirect=%2Fpayments", request.url), 307);
}

export const config = { matcher: ["/((?!_next/static|_next/image|contract/|favicon\\.ico).*)"] };
