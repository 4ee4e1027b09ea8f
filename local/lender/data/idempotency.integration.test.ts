/**
 * @jest-environment node
 *
 * The idempotency keys' expiry (issue 51): a key's first answer is kept KEY_KEPT_HOURS, and the next
 * keyed write deletes what is older, so the table holds about a day of writes. On an in-memory
 * PGlite with every migration, in a child Node (PGlite is an ES module Jest cannot load), which
 * hands back what each step saw. The handler's behaviour under a key: idempotency.pg.integration.test.ts.
 */
import { execFileSync } from "node:child_process";
import { KEY_KEPT_HOURS } from "./idempotency";

jest.setTimeout(120_000);

function run(): Record<string, unknown> {
  const script = `
    const { openDb } = await import("./local/infra/db/index.ts");
    const { claim, settle, KEY_KEPT_HOURS } = await import("./local/lender/data/idempotency.ts");
    const db = await openDb({ url: "", dir: "memory://" });
    const scope = (key) => ({ caller: "user:expiry", key, operation: "manually" });
    const keys = async () => (await db.query("SELECT idempotency_key FROM idempotency_keys ORDER BY idempotency_key")).map((r) => r.idempotency_key);
    const aged = [["key-expired-0001", KEY_KEPT_HOURS + " hours 1 minute"], ["key-young-000001", (KEY_KEPT_HOURS - 1) + " hours"]];
    for (const [key] of aged) {
      await claim(db, scope(key), "h");
      await settle(db, scope(key), { data: { manually: key } });
    }
    for (const [key, age] of aged) {
      await db.query("UPDATE idempotency_keys SET claimed_at = now() - $2::interval WHERE idempotency_key = $1", [key, age]);
    }
    const before = await keys();
    const fresh = await claim(db, scope("key-new-00000001"), "h");
    const after = await keys();
    const young = await claim(db, scope("key-young-000001"), "h");
    const expired = await claim(db, scope("key-expired-0001"), "h");
    await db.close();
    process.stdout.write(JSON.stringify({ before, fresh, after, young, expired }));`;
  const raw = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", cwd: process.cwd() });
  return JSON.parse(raw.slice(raw.indexOf("{"))) as Record<string, unknown>;
}

test(`a key first claimed more than ${KEY_KEPT_HOURS} hours ago is deleted by the next keyed write; a younger one is kept and replayed`, () => {
  expect(run()).toEqual({
    before: ["key-expired-0001", "key-young-000001"],
    fresh: { kind: "run" },
    after: ["key-new-00000001", "key-young-000001"],
    // The young key still answers its repeat; the expired one, sent again, runs as a new request.
    young: { kind: "replay", answer: { data: { manually: "key-young-000001" } } },
    expired: { kind: "run" },
  });
});
