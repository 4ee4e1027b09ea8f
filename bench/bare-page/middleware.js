import { NextResponse } from "next/server";

// Without this file Next picks up the shell's middleware.ts from the workspace root; it matches nothing.
export function middleware() {
  return NextResponse.next();
}

export const config = { matcher: ["/__bare-page-never-matches"] };
