/**
 * RTMP ingest for OBS and similar tools (ADR 125): node-media-server's RTMP listener in the process, without its HTTP
 * server, admin API or store. A publish to rtmp://host:port/live/<stream key> is held until the live module has
 * checked the key (`authorize`); a refused key drops the connection. ffmpeg then plays the publish from loopback
 * (only loopback plays of an admitted publish are allowed) and writes the HLS.
 * node-media-server keeps its state in one module-level context: one ingest per process.
 */
import { isIP } from "node:net";
import Context, { type NmsSession } from "node-media-server/src/core/context.js";
import logger from "node-media-server/src/core/logger.js";
import NodeRtmpServer from "node-media-server/src/server/rtmp_server.js";

export const RTMP_APP = "live";

export interface RtmpIngestHooks {
  /** Checks a publish's key: the stream it feeds, or null to refuse it. */
  authorize(key: string): Promise<number | null>;
  /** An admitted publish started: start the HLS writer pulling `localUrl`. */
  started(streamId: number, localUrl: string): void;
  /** The publisher disconnected. */
  ended(streamId: number): void;
  log(level: "info" | "warn", message: string, fields?: Record<string, unknown>): void;
}

/** node-media-server names a peer "address:port" (IPv4, IPv4-mapped IPv6, or IPv6 in brackets). */
function loopback(peer: string): boolean {
  const address = peer
    .replace(/^\[([^\]]+)\](:\d+)?$/, "$1")
    .replace(/^((?:::ffff:)?\d+\.\d+\.\d+\.\d+):\d+$/, "$1")
    .replace(/^::ffff:/, "");
  return isIP(address) !== 0 && (address === "::1" || address.startsWith("127."));
}

export class RtmpIngest {
  private server: NodeRtmpServer | null = null;
  /** Admitted publishes by stream path: the stream they feed. */
  private readonly admitted = new Map<string, number>();
  private readonly onPrePublish = (session: NmsSession) => void this.prePublish(session);
  private readonly onDonePublish = (session: NmsSession) => this.donePublish(session);
  private readonly onPrePlay = (session: NmsSession) => this.prePlay(session);

  constructor(
    private readonly options: { port: number; host: string },
    private readonly hooks: RtmpIngestHooks,
  ) {}

  /** Listens; resolves once the port is bound (port 0 picks one: `port()` tells which). */
  async start(): Promise<void> {
    logger.level = "error";
    Context.config = { bind: this.options.host, rtmp: { port: this.options.port || 1 } };
    const server = new NodeRtmpServer();
    // node-media-server exits the process when its port is taken; listen ourselves and fail the start instead.
    const tcp = server.tcpServer!;
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", reject);
      tcp.listen(this.options.port, this.options.host, () => {
        tcp.off("error", reject);
        resolve();
      });
    });
    this.server = server;
    Context.eventEmitter.on("prePublish", this.onPrePublish);
    Context.eventEmitter.on("donePublish", this.onDonePublish);
    Context.eventEmitter.on("prePlay", this.onPrePlay);
  }

  port(): number {
    const address = this.server?.tcpServer?.address();
    return typeof address === "object" && address ? address.port : 0;
  }

  private async prePublish(session: NmsSession): Promise<void> {
    const key = session.streamApp === RTMP_APP ? session.streamName : "";
    let streamId: number | null = null;
    try {
      streamId = key ? await this.hooks.authorize(key) : null;
    } catch (error) {
      this.hooks.log("warn", "rtmp key check failed", { error: String(error) });
    }
    if (streamId === null) {
      this.hooks.log("info", "rtmp publish refused", { ip: session.ip });
      session.close();
      return;
    }
    this.admitted.set(session.streamPath, streamId);
    this.hooks.started(streamId, `rtmp://127.0.0.1:${this.port()}${session.streamPath}`);
  }

  private donePublish(session: NmsSession): void {
    const streamId = this.admitted.get(session.streamPath);
    if (streamId === undefined) return;
    this.admitted.delete(session.streamPath);
    this.hooks.ended(streamId);
  }

  /** Only our own ffmpeg plays, from loopback, and only an admitted publish. */
  private prePlay(session: NmsSession): void {
    if (!loopback(session.ip) || !this.admitted.has(session.streamPath)) session.close();
  }

  /** Whether a publish for the stream is connected now. */
  publishing(streamId: number): boolean {
    return [...this.admitted.values()].includes(streamId);
  }

  /** Drops the publish feeding the stream (the stream ended). */
  drop(streamId: number): void {
    for (const [path, id] of this.admitted) {
      if (id !== streamId) continue;
      this.admitted.delete(path);
      for (const session of Context.sessions.values()) if (session.streamPath === path) session.close();
    }
  }

  close(): void {
    Context.eventEmitter.off("prePublish", this.onPrePublish);
    Context.eventEmitter.off("donePublish", this.onDonePublish);
    Context.eventEmitter.off("prePlay", this.onPrePlay);
    this.server?.stop();
    this.server = null;
  }
}
