/** The parts of node-media-server 4.4.3 (plain JavaScript, no types) the RTMP ingest uses. */
declare module "node-media-server/src/core/context.js" {
  import type { EventEmitter } from "node:events";
  export interface NmsSession {
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    close(): void;
  }
  const Context: {
    config: { bind?: string; rtmp?: { port?: number } };
    eventEmitter: EventEmitter;
    sessions: Map<string, NmsSession>;
  };
  export default Context;
}

declare module "node-media-server/src/core/logger.js" {
  const logger: { level: string };
  export default logger;
}

declare module "node-media-server/src/server/rtmp_server.js" {
  import type { Server } from "node:net";
  export default class NodeRtmpServer {
    tcpServer?: Server;
    run(): void;
    stop(): void;
  }
}
