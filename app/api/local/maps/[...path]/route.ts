import { mapsHandler } from "@/local/maps/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The Google Maps stand-in: its browser script and the address book (local environment only; 404 elsewhere). */
export const GET = (request: Request) => mapsHandler(request);
