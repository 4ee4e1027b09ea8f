import { NextRequest } from "next/server";
import { ACTIVITY_COOKIE, SERVER_IDLE_LIMIT_SECONDS, readActivity, signActivity } from "@/lib/session/activity";
import type { Session } from "@/lib/session/session";

const session = jest.fn<Promise<Session>, []>();
jest.mock("@/lib/session/server-session", () => ({ currentSession: () => session() }));

import { POST } from "./route";

const SECRET = "local-only-session-secret-do-not-use-in-production";
const NOW = () => Math.floor(Date.now() / 1000);
const AUTH_TIME = NOW() - 7200;
const signedIn: Session = { status: "signing-in", sub: "sub-9", username: "abc123", email: "borrower@example.com", authTime: AUTH_TIME };

function ping(
  stamp: string | undefined,
  headers: Record<string, string> = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
) {
  return POST(
    new NextRequest("http://localhost:3000/api/session/activity", {
      method: "POST",
      headers: { ...headers, ...(stamp ? { cookie: `${ACTIVITY_COOKIE}=${stamp}` } : {}) },
    }),
  );
}
const stampAt = (at: number, sub = "sub-9") => signActivity({ sub, authTime: AUTH_TIME, at }, SECRET);

beforeEach(() => jest.resetAllMocks());

describe("POST /api/session/activity (a busy page tells the server's idle limit)", () => {
  it.each<[string, Session, () => Promise<string | undefined>, number, "renewed" | "kept" | "none"]>([
    ["a stamp three minutes old is renewed to now", signedIn, () => stampAt(NOW() - 180), 204, "renewed"],
    ["a stamp seconds old is kept (no Set-Cookie on every ping)", signedIn, () => stampAt(NOW() - 5), 204, "kept"],
    ["a stamp past the idle limit is not revived", signedIn, () => stampAt(NOW() - SERVER_IDLE_LIMIT_SECONDS - 5), 401, "none"],
    ["another user's stamp does not count", signedIn, () => stampAt(NOW() - 60, "sub-1"), 401, "none"],
    ["a sign-in older than the limit without a stamp is idle", signedIn, async () => undefined, 401, "none"],
    ["a signed-out visitor", { status: "anonymous" }, async () => undefined, 401, "none"],
    [
      "an expired identity token (refreshable): nothing to check yet",
      { status: "verifying", username: "abc123" },
      async () => undefined,
      202,
      "none",
    ],
  ])("%s → %s", async (_name, who, stamp, status, cookie) => {
    session.mockResolvedValue(who);
    const res = await ping(await stamp());
    expect(res.status).toBe(status);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const set = res.cookies.get(ACTIVITY_COOKIE)?.value;
    if (cookie === "renewed") {
      const renewed = await readActivity(set, SECRET);
      expect(renewed).toMatchObject({ sub: "sub-9", authTime: AUTH_TIME });
      expect(NOW() - renewed!.at).toBeLessThan(5);
    } else {
      expect(set).toBeUndefined();
    }
  });

  it("refuses another site's request (403) before reading the session", async () => {
    const res = await ping(await stampAt(NOW() - 180), { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(session).not.toHaveBeenCalled();
    expect(res.cookies.get(ACTIVITY_COOKIE)).toBeUndefined();
  });
});
