import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/** The page's HTML once everything rendered, as entry.server sends it (onAllReady). */
export function serverHtml(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}
