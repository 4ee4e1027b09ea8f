/** @jest-environment jsdom */
import { reloadOnServiceWorkerUpdate, unregisterServiceWorkers } from "./service-workers";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const SW_UPDATE_RELOAD_MS = 1000;

function fakeRegistration(unregisterResult: boolean | Error = true) {
  const target = new EventTarget();
  return Object.assign(target, {
    unregister: jest.fn(() => (unregisterResult instanceof Error ? Promise.reject(unregisterResult) : Promise.resolve(unregisterResult))),
  }) as unknown as ServiceWorkerRegistration & { unregister: jest.Mock };
}

function fakeContainer(registrations: ServiceWorkerRegistration[]) {
  const target = new EventTarget();
  return Object.assign(target, { getRegistrations: jest.fn(() => Promise.resolve(registrations)) }) as unknown as ServiceWorkerContainer & {
    getRegistrations: jest.Mock;
  };
}

afterEach(() => jest.useRealTimers());

describe("unregisterServiceWorkers", () => {
  it("unregisters every registration and counts the successes", async () => {
    const regs = [fakeRegistration(), fakeRegistration(), fakeRegistration(new Error("busy")), fakeRegistration(false)];
    const container = fakeContainer(regs);
    await expect(unregisterServiceWorkers(container)).resolves.toBe(2);
    for (const reg of regs) expect(reg.unregister).toHaveBeenCalledTimes(1);
  });

  it("uses navigator.serviceWorker by default", async () => {
    const reg = fakeRegistration();
    const container = fakeContainer([reg]);
    Object.defineProperty(window.navigator, "serviceWorker", { value: container, configurable: true });
    try {
      await expect(unregisterServiceWorkers()).resolves.toBe(1);
      expect(container.getRegistrations).toHaveBeenCalled();
      expect(reg.unregister).toHaveBeenCalled();
    } finally {
      delete (window.navigator as unknown as Record<string, unknown>).serviceWorker;
    }
  });

  it("does nothing without service-worker support, and never rejects", async () => {
    expect("serviceWorker" in window.navigator).toBe(false);
    await expect(unregisterServiceWorkers()).resolves.toBe(0);
    const broken = fakeContainer([]);
    broken.getRegistrations.mockRejectedValue(new Error("SecurityError"));
    await expect(unregisterServiceWorkers(broken)).resolves.toBe(0);
  });
});

describe("reloadOnServiceWorkerUpdate", () => {
  it("reloads 1000 ms after a controller change, once", () => {
    jest.useFakeTimers();
    const reload = jest.fn();
    const container = fakeContainer([]);
    const stop = reloadOnServiceWorkerUpdate(reload, container);
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    jest.advanceTimersByTime(SW_UPDATE_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("reloads 1000 ms after a registration finds an update", async () => {
    jest.useFakeTimers();
    const reload = jest.fn();
    const reg = fakeRegistration();
    const stop = reloadOnServiceWorkerUpdate(reload, fakeContainer([reg]));
    await Promise.resolve();
    await Promise.resolve();
    reg.dispatchEvent(new Event("updatefound"));
    jest.advanceTimersByTime(SW_UPDATE_RELOAD_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops listening and cancels a pending reload on cleanup", () => {
    jest.useFakeTimers();
    const reload = jest.fn();
    const container = fakeContainer([]);
    const stop = reloadOnServiceWorkerUpdate(reload, container);
    container.dispatchEvent(new Event("controllerchange"));
    stop();
    jest.advanceTimersByTime(SW_UPDATE_RELOAD_MS * 2);
    container.dispatchEvent(new Event("controllerchange"));
    jest.advanceTimersByTime(SW_UPDATE_RELOAD_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });
});
