import { readiness, resetReadinessForTests } from "./lib/ops/readiness";

const checkConfigAtStart = jest.fn();
const prepareLocalStandIns = jest.fn();
jest.mock("./lib/config/check-at-start", () => ({ checkConfigAtStart: () => checkConfigAtStart() }));
jest.mock("./lib/security/forbidden-methods", () => ({ refuseForbiddenMethods: () => undefined }));
jest.mock("./local/startup", () => ({ prepareLocalStandIns: () => prepareLocalStandIns() }));

import { startNodeServer } from "./instrumentation-node";

afterEach(() => {
  resetReadinessForTests();
  jest.resetAllMocks();
});

describe("startNodeServer (instrumentation.ts, Node runtime)", () => {
  it("locally, readiness stays starting until the database is migrated and seeded", async () => {
    checkConfigAtStart.mockReturnValue({ isLocal: true });
    let seeded!: () => void;
    prepareLocalStandIns.mockReturnValue(new Promise<void>((resolve) => (seeded = resolve)));
    const start = startNodeServer();
    await new Promise((r) => setTimeout(r, 10));
    expect(prepareLocalStandIns).toHaveBeenCalled();
    expect(readiness()).toBe("starting");
    seeded();
    await start;
    expect(readiness()).toBe("ready");
  });

  it("outside local, ready once the configuration is checked, with no database", async () => {
    checkConfigAtStart.mockReturnValue({ isLocal: false });
    await startNodeServer();
    expect(prepareLocalStandIns).not.toHaveBeenCalled();
    expect(readiness()).toBe("ready");
  });

  it("a configuration check that fails never turns ready", async () => {
    checkConfigAtStart.mockImplementation(() => {
      throw new Error("exit");
    });
    await expect(startNodeServer()).rejects.toThrow("exit");
    expect(readiness()).toBe("starting");
  });
});
