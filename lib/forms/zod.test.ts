import { globalConfig } from "zod/v4/core";
import "./zod";
import { z } from "zod";
import { loanRequestSchema } from "@/lib/personal/schemas";

describe("zod for the forms", () => {
  it("is jitless: building a schema never probes eval, which the pages' CSP blocks", () => {
    expect(globalConfig.jitless).toBe(true);
  });

  it("builds and parses object schemas without new Function (the probe and the compiled parser alike)", () => {
    const original = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        calls.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
      expect(schema.safeParse({ a: "x", b: { c: 1 } }).success).toBe(true);
      expect(loanRequestSchema.safeParse({ amount: 4000, reason: "Rent Expense", state: "TX", other: null }).success).toBe(true);
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toEqual([]);
  });
});
