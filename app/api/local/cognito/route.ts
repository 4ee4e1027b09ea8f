import { cognitoHandler } from "@/local/identity/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = (request: Request) => cognitoHandler(request);
export const OPTIONS = (request: Request) => cognitoHandler(request);
