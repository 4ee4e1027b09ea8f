import { plaidHandler } from "@/local/plaid/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

/** The Plaid Link stand-in: widget script, widget login, webhook (local environment only; 404 elsewhere). */
export async function GET(request: Request, context: Context) {
  return plaidHandler(request, (await context.params).path);
}
export async function POST(request: Request, context: Context) {
  return plaidHandler(request, (await context.params).path);
}
