import {
  ACTIVITY_RESTAMP_SECONDS,
  SERVER_IDLE_LIMIT_SECONDS,
  activityCookieOptions,
  activitySetCookie,
  readActivity,
  signActivity,
} from "./activity";

const SECRET = "a-test-secret-that-is-long-enough-000";
const NOW = Math.floor(Date.now() / 1000);

describe("the activity stamp's per-request cost (issue 52 item 5) changes nothing it proves", () => {
  it("re-signs a sign-in's stamp at most once a minute: the same value within it, a new one after", async () => {
    const first = await signActivity({ sub: "s-cost", authTime: NOW - 100, at: NOW - 30 }, SECRET);
    expect(await signActivity({ sub: "s-cost", authTime: NOW - 100, at: NOW - 30 + ACTIVITY_RESTAMP_SECONDS - 1 }, SECRET)).toBe(first);
    const later = await signActivity({ sub: "s-cost", authTime: NOW - 100, at: NOW - 30 + ACTIVITY_RESTAMP_SECONDS }, SECRET);
    expect(later).not.toBe(first);
    expect(await readActivity(later, SECRET, NOW + 60)).toEqual({ sub: "s-cost", authTime: NOW - 100, at: NOW + 30 });
    // Another sign-in, another user or another secret never shares a stamp.
    expect(await signActivity({ sub: "s-cost", authTime: NOW - 99, at: NOW - 30 }, SECRET)).not.toBe(first);
    expect(await signActivity({ sub: "s-other", authTime: NOW - 100, at: NOW - 30 }, SECRET)).not.toBe(first);
    expect(await readActivity(await signActivity({ sub: "s-cost", authTime: NOW - 100, at: NOW - 30 }, "x".repeat(40)), SECRET)).toBeNull();
  });

  it("a remembered stamp is still its exact value: tampering is a miss, and checked in full", async () => {
    const stamp = await signActivity({ sub: "s-cache", authTime: null, at: NOW - 10 }, SECRET);
    expect(await readActivity(stamp, SECRET, NOW)).toMatchObject({ sub: "s-cache" });
    expect(await readActivity(stamp, SECRET, NOW)).toMatchObject({ sub: "s-cache" });
    expect(await readActivity(`${stamp.slice(0, -2)}xx`, SECRET, NOW)).toBeNull();
    // Past the idle limit the value is read again (and the verdict says idle): the cache never extends a life.
    expect(await readActivity(stamp, SECRET, NOW - 10 + SERVER_IDLE_LIMIT_SECONDS + 5)).toMatchObject({ at: NOW - 10 });
  });

  it.each([
    [{ appUrl: "http://localhost:3000" }, "shell_activity=v; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"],
    [
      { appUrl: "https://app.lender.example", cookieDomain: ".lender.example" },
      "shell_activity=v; Path=/; Max-Age=2592000; Domain=.lender.example; Secure; HttpOnly; SameSite=Lax",
    ],
  ])("the edge's Set-Cookie line carries activityCookieOptions' attributes (%o)", (config, line) => {
    const o = activityCookieOptions(config);
    expect(o).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", maxAge: 2592000 });
    expect(activitySetCookie("v", config)).toBe(line);
  });
});
