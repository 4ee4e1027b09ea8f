import { logger } from "./logger";

/** One log line for a failure: what happened (`event`), the safe error (`err`, through the logger's serializer), and plain context. */
export function logError(event: string, error: unknown, context: Record<string, string | number | undefined> = {}): void {
  logger().error({ event, ...context, err: error }, event);
}
