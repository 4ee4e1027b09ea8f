import { decide } from "@/lib/routing/decide";
import type { RoutingEnvironment } from "@/lib/routing/types";
import { routeCases } from "./cases";
import { hopFor, type Hop } from "./chain";
import type { Requester } from "./http";
import { Redactor } from "./identity";
import { ANONYMOUS_PERSONA } from "./personas";
import { routingEnvironment, runCheck } from "./run";
import { selectOnly } from "./select";

const base = new URL("http://127.0.0.1:4007");

/** A deployment simulated by decide() itself, started with the given hosts (anonymous visitors only). */
function deployment(env: RoutingEnvironment): Requester {
  return {
    async get(url: string): Promise<Hop> {
      const target = new URL(url, base);
      const decision = decide({ pathname: target.pathname, search: target.search, session: { status: "anonymous" }, env, now: Date.now() });
      return hopFor(url, decision, base);
    },
  };
}

const personas = {
  cognito: { endpoint: "http://127.0.0.1:4007/api/local/cognito", clientId: "c" },
  refreshFlow: "REFRESH_TOKEN_AUTH" as const,
  personas: [ANONYMOUS_PERSONA],
};

/** The whole check, anonymous persona only, against a deployment simulated with `env`. */
const checkDeployment = (env: RoutingEnvironment) =>
  runCheck({ base, appEnv: "local", personas, concurrency: 4, redactor: new Redactor(), requester: deployment(env) });

describe("runCheck", () => {
  it("passes every cell when the deployment does what the table says", async () => {
    const result = await checkDeployment(routingEnvironment(base, "local"));
    expect(result.cells.length).toBe(routeCases().length);
    expect(result.cells.filter((c) => c.outcome !== "pass")).toEqual([]);
  });

  it("fails, naming the cells, when the server was started with a wrong host", async () => {
    const wrong = routingEnvironment(base, "local", { dashboard: "https://wrong-dashboard.example" });
    const result = await checkDeployment(wrong);
    const failed = result.cells.filter((c) => c.outcome === "fail").map((c) => c.case);
    expect(failed).toEqual(expect.arrayContaining(["home", "home?utm-redirect"]));
    expect(failed).not.toContain("welcome");
    const home = result.cells.find((c) => c.case === "home")!;
    expect(home.differences[0]).toBe("hop 1 (/) Location origin: expected http://127.0.0.1:4007, got https://wrong-dashboard.example");
  });

  it("a persona that cannot sign in fails all its cells with the reason, never a token", async () => {
    const secret = "refresh-token-value-that-must-not-show";
    const broken = { name: "broken", description: "", source: { kind: "refresh-token" as const, from: "$X", read: () => secret } };
    const cases = routeCases().slice(0, 2);
    const redactor = new Redactor();
    const result = await runCheck({
      base: new URL("http://127.0.0.1:1"),
      appEnv: "local",
      personas: { ...personas, cognito: { endpoint: "http://127.0.0.1:1/", clientId: "c" }, personas: [broken] },
      cases,
      concurrency: 1,
      redactor,
    });
    expect(result.cells.map((c) => c.outcome)).toEqual(["error", "error"]);
    expect(result.personas[0]?.error).toMatch(/^sign-in failed/);
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});

describe("--only", () => {
  const all = [ANONYMOUS_PERSONA, { ...ANONYMOUS_PERSONA, name: "borrower" }];
  it("narrows personas and routes by name, id or path, and rejects unknown names", () => {
    const picked = selectOnly("borrower,/payments,PerkSpot", all, routeCases());
    expect(picked.personas.map((p) => p.name)).toEqual(["borrower"]);
    expect(picked.cases.map((c) => c.id)).toEqual(["partner/PerkSpot", "payments", "partner/PerkSpot?partner-utm", "payments?utm"]);
    expect(selectOnly("welcome", all, routeCases()).personas).toHaveLength(2);
    expect(() => selectOnly("nobody", all, routeCases())).toThrow("no persona or route named nobody");
  });
});
