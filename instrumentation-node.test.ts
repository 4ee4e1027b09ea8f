import { readiness, resetReadinessForTests } from "./lib/ops/readiness";

const checkConfigAtStart = jest.fn();
jest.mock("./lib/config/check-at-start", () => ({ checkConfigAtStart: () => checkConfigAtStart() }));
jest.mock("./lib/security/forbidden-methods", () => ({ refuseForbiddenMethods: () => undefined }));

import { startNodeServer } from "./instrumentation-node";

afterEach(() => {
  resetReadinessForTests();
  jest.resetAllMocks();
});

describe("startNodeServer (instrumentation.ts, Node runtime)", () => {
  it.each([true, false])("ready once the configuration is checked (local: %s), with no database of its own", async (isLocal) => {
    checkConfigAtStart.mockReturnValue({ isLocal });
    await startNodeServer();
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
