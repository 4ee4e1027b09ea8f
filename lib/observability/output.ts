/**
 * Where the server's log lines go: the process's stdout, written without ever blocking the thread
 * and without an exit hook (issue 51). pino.destination(1) (SonicBoom) does both when the pipe to the
 * log collector is full: it retries EAGAIN by sleeping in Atomics.wait, forever, and its exit hook
 * (flushSync on 'exit') does the same — a started server, SIGTERMed under a harness that had stopped
 * reading its output, stayed alive in a futex wait, deaf to further signals (scripts/http-lifecycle.test.ts
 * reproduces it). Node's own stdout is asynchronous on a pipe (queued in memory, never waited for at
 * exit) and synchronous on a file or terminal, which do not stay full. The queue is bounded: past
 * `maxQueuedBytes` a line is dropped, counted, and the count written once the reader catches up.
 */

/** The queue a reader that has stopped may leave behind: a few thousand lines, then lines are dropped. */
export const MAX_QUEUED_LOG_BYTES = 4 * 1024 * 1024;

interface Sink {
  write(chunk: string): unknown;
  readonly writableLength: number;
}

export interface NonBlockingOutput {
  write(line: string): void;
  /** Lines dropped since the last note about them. */
  dropped(): number;
}

export function nonBlockingOutput(sink: Sink = process.stdout, maxQueuedBytes = MAX_QUEUED_LOG_BYTES): NonBlockingOutput {
  let dropped = 0;
  return {
    write(line) {
      if (sink.writableLength > maxQueuedBytes) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        sink.write(
          `${JSON.stringify({
            level: "warn",
            time: new Date().toISOString(),
            service: "lending-shell",
            component: "log",
            droppedLines: dropped,
            msg: "log lines dropped: the output was not being read",
          })}\n`,
        );
        dropped = 0;
      }
      sink.write(line);
    },
    dropped: () => dropped,
  };
}
