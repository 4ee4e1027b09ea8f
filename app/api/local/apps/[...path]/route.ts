import { appsHandler } from "@/local/identity/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  return appsHandler(request, path);
}

/** The stand-in pages' forms (lending app steps, the dashboard's local ops action). */
export async function POST(request: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  return appsHandler(request, path);
}
