/**
 * A streamed page's body: React's writes gathered per turn of the event loop (ADR 053).
 *
 * React writes a rendered shell in 2 KB pieces. Passed on one by one (a PassThrough read into a web stream),
 * each piece costs a web-stream enqueue and read, a pause and resume of the Node stream, and a socket write
 * of its own: about twenty for a signed-in page. Gathered, the shell leaves as one chunk, and what React
 * writes in a later turn (a streamed boundary, the loader data) as one chunk of its own, so the page still
 * streams.
 */
import { Writable } from "node:stream";

export interface CoalescedBody {
  /** What React pipes into: "finish" once all is written; "close" only when the body was cancelled or failed. */
  sink: Writable;
  /** The Response body. */
  stream: ReadableStream<Uint8Array>;
}

export function coalescedBody(): CoalescedBody {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let pending: Uint8Array[] = [];
  let scheduled = false;
  let ending = false;
  let done = false;

  const flush = () => {
    scheduled = false;
    if (done || !controller) return;
    if (pending.length > 0) {
      const chunk = pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending);
      pending = [];
      controller.enqueue(chunk);
    }
    if (ending) {
      done = true;
      controller.close();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  const sink = new Writable({
    // Not destroyed (so no "close") after a normal end: React's pipe takes "close" for a client gone and aborts the
    // finished render, whose abort ends the stream a second time (an error object made for nothing, each page).
    autoDestroy: false,
    write(chunk: Uint8Array, _encoding, callback) {
      pending.push(chunk);
      schedule();
      callback();
    },
    final(callback) {
      ending = true;
      schedule();
      callback();
    },
    destroy(error, callback) {
      if (!done && controller) {
        if (error) {
          done = true;
          pending = [];
          controller.error(error);
        } else {
          // Ended early without an error: what was written still goes out, then the body ends.
          ending = true;
          flush();
        }
      }
      callback(error);
    },
  });

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    // The client went away: React's pipe sees its destination close and stops rendering.
    cancel() {
      done = true;
      pending = [];
      sink.destroy();
    },
  });
  return { sink, stream };
}
