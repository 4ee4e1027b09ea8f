import { jwksHandler } from "@/local/identity/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ poolId: string }> }) {
  const { poolId } = await context.params;
  return jwksHandler(request, poolId);
}
