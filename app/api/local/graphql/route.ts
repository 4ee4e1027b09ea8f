import { graphqlHandler } from "@/local/graphql/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The AppSync-compatible GraphQL stand-in (local environment only; 404 elsewhere). */
export const POST = (request: Request) => graphqlHandler(request);
export const GET = (request: Request) => graphqlHandler(request);
