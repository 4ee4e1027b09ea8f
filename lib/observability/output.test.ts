import { nonBlockingOutput } from "./output";

/** A sink whose queue is whatever the test says: a pipe with a reader, or one whose reader has stopped. */
function sink() {
  const lines: string[] = [];
  return {
    lines,
    queued: 0,
    write: (chunk: string) => lines.push(chunk),
    get writableLength() {
      return this.queued;
    },
  };
}

describe("nonBlockingOutput (issue 51: log lines never wait for a reader)", () => {
  it("writes each line while the queue is under its bound", () => {
    const s = sink();
    const out = nonBlockingOutput(s, 100);
    out.write("a\n");
    out.write("b\n");
    expect(s.lines).toEqual(["a\n", "b\n"]);
  });

  it("drops lines while the queue is over its bound, then says how many once the reader catches up", () => {
    const s = sink();
    const out = nonBlockingOutput(s, 100);
    s.queued = 101;
    out.write("lost 1\n");
    out.write("lost 2\n");
    expect(s.lines).toEqual([]);
    expect(out.dropped()).toBe(2);
    s.queued = 0;
    out.write("next\n");
    expect(s.lines).toHaveLength(2);
    expect(JSON.parse(s.lines[0]!)).toMatchObject({ level: "warn", component: "log", droppedLines: 2 });
    expect(s.lines[1]).toBe("next\n");
    expect(out.dropped()).toBe(0);
  });
});
