import { serveStandIn } from "@/local/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

/**
 * Every local stand-in endpoint (local environment only; 404 elsewhere), served from one table,
 * local/routes.ts, which also decides 404 and 405: so every method is handed to it.
 */
async function standIn(request: Request, context: Context): Promise<Response> {
  return serveStandIn(request, (await context.params).path);
}

export const GET = standIn;
export const HEAD = standIn;
export const POST = standIn;
export const PUT = standIn;
export const PATCH = standIn;
export const DELETE = standIn;
export const OPTIONS = standIn;
