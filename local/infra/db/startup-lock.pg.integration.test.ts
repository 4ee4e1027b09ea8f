/**
 * Two instances starting together on one empty PostgreSQL database: both migrate and seed, one after
 * the other under the start-up advisory lock, instead of one dying in a migration (two CREATE TYPEs
 * of one migration collide). PGlite has one process and no lock: these run on PostgreSQL only
 * (TEST_DATABASE_URL, as CI sets it).
 */
import { seed } from "../../lender/seed/seed";
import { testDatabase, type TestDatabase } from "../testing/test-database";
import { openDb, type Db } from "./index";

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres("start-up on one PostgreSQL database", () => {
  let database: TestDatabase;
  const opened: Db[] = [];
  beforeEach(async () => {
    database = await testDatabase();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await database.cleanup();
  });

  it("lets two first starts at once both migrate and seed, one after the other", async () => {
    const url = database.env.DATABASE_URL!;
    const order: string[] = [];
    const start = (name: string) =>
      openDb({
        url,
        prepare: async (db) => {
          order.push(`${name} seeding`);
          await seed(db);
          order.push(`${name} seeded`);
        },
      });
    const results = await Promise.allSettled([start("a"), start("b")]);
    for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
    // Whole turns: the second seeding begins after the first one ended.
    expect(order).toHaveLength(4);
    expect(order[1]).toBe(`${order[0]!.split(" ")[0]} seeded`);

    const [db] = opened;
    const migrations = await db!.query<{ n: string }>("SELECT count(*) AS n FROM schema_migrations");
    const users = await db!.query<{ n: string }>("SELECT count(*) AS n FROM identity_users");
    expect(Number(migrations[0]!.n)).toBeGreaterThan(5);
    expect(Number(users[0]!.n)).toBeGreaterThan(0);
  }, 120_000);
});
