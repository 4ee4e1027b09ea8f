/** Runs once when the server starts: a bad configuration stops it before it serves anything. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./lib/config/check-at-start");
}
