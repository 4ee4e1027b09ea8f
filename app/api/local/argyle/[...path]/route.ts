import { argyleHandler } from "@/local/argyle/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The payroll-linking (Argyle Link) stand-in: widget script, session, account (local environment only; 404 elsewhere). */
export const GET = (request: Request) => argyleHandler(request);
export const POST = (request: Request) => argyleHandler(request);
