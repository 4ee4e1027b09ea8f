import { beginDrain, markStarted, resetReadinessForTests } from "@/lib/ops/readiness";
import { GET, HEAD } from "./route";
import { GET as health, HEAD as healthHead } from "../health/route";

afterEach(() => resetReadinessForTests());

async function probe(response: Response) {
  return { status: response.status, body: await response.text(), cache: response.headers.get("cache-control") };
}

describe("GET /api/ready", () => {
  it("503 before start-up has finished, 200 after, 503 from the moment a drain begins", async () => {
    expect(await probe(GET())).toEqual({ status: 503, body: '{"status":"starting"}', cache: "no-store" });
    markStarted();
    expect(await probe(GET())).toEqual({ status: 200, body: '{"status":"ready"}', cache: "no-store" });
    beginDrain();
    expect(await probe(GET())).toEqual({ status: 503, body: '{"status":"draining"}', cache: "no-store" });
  });

  it("HEAD answers the same status with no body", async () => {
    expect((await probe(HEAD())).status).toBe(503);
    markStarted();
    expect(await probe(HEAD())).toEqual({ status: 200, body: "", cache: "no-store" });
  });
});

describe("GET /api/health", () => {
  it("200 whatever the readiness: the process answers", async () => {
    expect(await probe(health())).toEqual({ status: 200, body: '{"status":"ok"}', cache: "no-store" });
    beginDrain();
    expect((await probe(health())).status).toBe(200);
    expect((await probe(healthHead())).body).toBe("");
  });
});
