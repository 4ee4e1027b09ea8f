import { newLeadId } from "./leads";

// The database side (seeded ids, the CHECK that refuses a guessable id, leadsModel by id) is
// tested over HTTP in local/lender/graphql/graphql-api.pg.integration.test.ts "leadsModel".
describe("newLeadId (issue 13: leads are readable with the public key, so ids must be unguessable)", () => {
  it("is 128 random bits: 32 hex digits, never the same twice", () => {
    const ids = new Set(Array.from({ length: 10_000 }, newLeadId));
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
