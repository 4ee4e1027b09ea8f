/** @jest-environment jsdom */
import {
  CHUNK_LOAD_FAILED_EVENT,
  type ChunkLoadFailure,
  ChunkLoadTimeoutError,
  chunkUrlOf,
  isChunkLoadError,
  loadWithTimeout,
  onChunkLoadFailure,
  watchChunkLoads,
} from "./chunk-load";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

let failures: ChunkLoadFailure[];
let stopListening: () => void;
beforeEach(() => {
  jest.useFakeTimers();
  failures = [];
  stopListening = onChunkLoadFailure((f) => failures.push(f));
});
afterEach(() => {
  stopListening();
  jest.useRealTimers();
  document.head.innerHTML = "";
});

function addScript(src: string): HTMLScriptElement {
  const script = document.createElement("script");
  script.src = src;
  document.head.appendChild(script);
  return script;
}
const flushObserver = () => Promise.resolve();

describe("isChunkLoadError", () => {
  it.each([
    [Object.assign(new Error("Loading chunk 123 failed."), { name: "ChunkLoadError" })],
    [new Error("Loading CSS chunk app-page failed (/_next/static/css/x.css)")],
    [new Error("Failed to load chunk /_next/static/chunks/abc.js from module 42")],
    [new TypeError("Failed to fetch dynamically imported module: https://x/_next/static/chunks/a.js")],
    [new TypeError("error loading dynamically imported module")],
    [new TypeError("Importing a module script failed.")],
    [new ChunkLoadTimeoutError(CHUNK_LOAD_TIMEOUT_MS)],
  ])("recognises %p", (error) => expect(isChunkLoadError(error)).toBe(true));

  it.each([[new Error("Cannot read properties of undefined")], ["Loading chunk 1 failed"], [null], [undefined], [42]])(
    "rejects %p",
    (error) => expect(isChunkLoadError(error)).toBe(false),
  );
});

describe("chunkUrlOf", () => {
  it("names /_next/static scripts and stylesheets only", () => {
    const script = document.createElement("script");
    script.src = "/_next/static/chunks/app.js";
    expect(chunkUrlOf(script)).toBe("http://localhost/_next/static/chunks/app.js");
    const other = document.createElement("script");
    other.src = "https://widgets.example/embed.js";
    expect(chunkUrlOf(other)).toBeUndefined();
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "/_next/static/css/app.css";
    expect(chunkUrlOf(css)).toBe("http://localhost/_next/static/css/app.css");
    expect(chunkUrlOf(document.createElement("img"))).toBeUndefined();
    expect(chunkUrlOf(null)).toBeUndefined();
  });
});

describe("loadWithTimeout", () => {
  it("resolves with the module when the import settles in time", async () => {
    const mod = { default: "component" };
    await expect(loadWithTimeout(() => Promise.resolve(mod))).resolves.toBe(mod);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS * 2);
    expect(failures).toEqual([]);
  });

  it("rejects with a ChunkLoadError and reports a timeout after 120 s pending", async () => {
    const result = loadWithTimeout(() => new Promise<never>(() => {}));
    const settled = jest.fn();
    result.catch(settled);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
    jest.advanceTimersByTime(1);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await expect(result).rejects.toMatchObject({ name: "ChunkLoadError" });
    expect(failures).toEqual([{ reason: "timeout", source: "Loading chunk timed out after 120000 ms" }]);
  });

  it("passes a failed import on, reporting it only when it is a chunk failure", async () => {
    await expect(loadWithTimeout(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(failures).toEqual([]);
    const chunkError = new TypeError("Failed to fetch dynamically imported module: /x.js");
    await expect(loadWithTimeout(() => Promise.reject(chunkError))).rejects.toBe(chunkError);
    expect(failures).toEqual([{ reason: "error", source: chunkError.message }]);
  });

  it("ignores an import that settles after the timeout", async () => {
    let resolveLate: (value: string) => void = () => {};
    const result = loadWithTimeout(() => new Promise<string>((r) => (resolveLate = r)), 1000);
    jest.advanceTimersByTime(1000);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    resolveLate("late");
    await Promise.resolve();
    expect(failures).toHaveLength(1);
  });
});

describe("watchChunkLoads", () => {
  it("reports a /_next/static script still loading after 120 s", async () => {
    const stop = watchChunkLoads();
    addScript("/_next/static/chunks/slow.js");
    await flushObserver();
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(failures).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(failures).toEqual([{ reason: "timeout", source: "http://localhost/_next/static/chunks/slow.js" }]);
    stop();
  });

  it("leaves scripts that load in time, and scripts from elsewhere, alone", async () => {
    const stop = watchChunkLoads();
    const fast = addScript("/_next/static/chunks/fast.js");
    addScript("https://widgets.example/embed.js");
    await flushObserver();
    jest.advanceTimersByTime(1000);
    fast.dispatchEvent(new Event("load"));
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    expect(failures).toEqual([]);
    stop();
  });

  it("reports a chunk script or stylesheet that fails at once", async () => {
    const stop = watchChunkLoads();
    const script = addScript("/_next/static/chunks/broken.js");
    await flushObserver();
    script.dispatchEvent(new Event("error")); // resource errors do not bubble: seen in the capture phase
    const image = document.createElement("img");
    document.body.appendChild(image);
    image.dispatchEvent(new Event("error"));
    expect(failures).toEqual([{ reason: "error", source: "http://localhost/_next/static/chunks/broken.js" }]);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    expect(failures).toHaveLength(1);
    stop();
    image.remove();
  });

  it("stops watching after cleanup", async () => {
    const stop = watchChunkLoads();
    addScript("/_next/static/chunks/pending.js");
    await flushObserver();
    stop();
    addScript("/_next/static/chunks/later.js");
    await flushObserver();
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    expect(failures).toEqual([]);
  });

  it("announces failures as a window event", () => {
    const seen = jest.fn();
    window.addEventListener(CHUNK_LOAD_FAILED_EVENT, seen);
    const stop = watchChunkLoads();
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/_next/static/css/app.css";
    document.head.appendChild(link);
    link.dispatchEvent(new Event("error"));
    expect(seen).toHaveBeenCalledTimes(1);
    window.removeEventListener(CHUNK_LOAD_FAILED_EVENT, seen);
    stop();
  });
});
