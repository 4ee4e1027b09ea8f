import { beginDrain, markStarted, readiness, resetReadinessForTests } from "./readiness";

afterEach(() => resetReadinessForTests());

describe("readiness", () => {
  it("is starting until start-up has finished, then ready", () => {
    expect(readiness()).toBe("starting");
    markStarted();
    expect(readiness()).toBe("ready");
  });

  it("is draining from the moment a drain begins, and never ready again", () => {
    markStarted();
    beginDrain();
    expect(readiness()).toBe("draining");
    markStarted();
    expect(readiness()).toBe("draining");
  });

  it("a drain during start-up wins over the start-up finishing", () => {
    beginDrain();
    markStarted();
    expect(readiness()).toBe("draining");
  });

  it("is shared through the process, not one module copy (the route and instrumentation are separate bundles)", () => {
    markStarted();
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, separate copy of the module
      const copy = require("./readiness") as typeof import("./readiness");
      expect(copy.readiness()).toBe("ready");
      copy.beginDrain();
    });
    expect(readiness()).toBe("draining");
  });
});
