import { searchHandler } from "@/local/search/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The employer index in Algolia's wire format (local environment only; 404 elsewhere). */
export const POST = (request: Request) => searchHandler(request);
export const OPTIONS = (request: Request) => searchHandler(request);
