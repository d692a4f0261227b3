/**
 * The browser's WebSocket as the realtime client uses it (app/features/realtime/client.ts SocketLike), with the
 * test playing the server: accept the connection, send frames, drop it. Each one made is kept in `FakeSocket.all`.
 */
import type { ServerFrame } from "#server/contract/realtime";
import type { SocketLike } from "~/features/realtime";

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  /** The newest socket (the one a reconnect made). */
  static latest(): FakeSocket {
    return FakeSocket.all.at(-1)!;
  }
  readyState = 0;
  /** Frames the client sent, parsed. */
  sent: unknown[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop(1000);
  }
  /** The server accepts: open, then hello. */
  accept(userId = 1) {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: "hello", user_id: userId });
  }
  frame(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}
