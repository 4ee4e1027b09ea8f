import { outboxHandler } from "@/local/identity/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = (request: Request) => outboxHandler(request);
