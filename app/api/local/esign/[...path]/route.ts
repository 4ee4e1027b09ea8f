import { esignHandler } from "@/local/esign/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The e-signature stand-in: embedded signing page, sign and exit (local environment only; 404 elsewhere). */
export const GET = (request: Request) => esignHandler(request);
export const POST = (request: Request) => esignHandler(request);
