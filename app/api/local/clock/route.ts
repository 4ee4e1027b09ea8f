import { serverConfig } from "@/lib/config/env";
import { createClockHandler } from "@/local/clock-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handler = createClockHandler({ config: serverConfig, controllable: () => process.env.LOCAL_CLOCK_CONTROL === "1" });

export const GET = handler;
export const POST = handler;
