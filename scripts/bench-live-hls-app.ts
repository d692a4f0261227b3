/**
 * The app side of scripts/bench-live-hls.mjs, bench-live-webrtc.mjs and bench-live-latency.mjs: the real v2 API over
 * HTTP (SQLite in memory, every migration), one creator with a live browser stream and `viewers` members, each with
 * their own signed addresses. Prints one JSON line (port, pid, the stream's HLS folder, the creator's WHIP address,
 * each member's playlist and WHEP address) and serves until killed.
 */
import { join } from "node:path";
import { createApiApp } from "../server/api/app";
import type { ApiDeps } from "../server/api/types";
import { loadConfig } from "../server/config";
import { USER_TYPE } from "../server/contract/users";
import { migrateToLatest, openDatabase } from "../server/db/index";
import { outboxMailer } from "../server/integrations/mail/mailer";
import { systemClock } from "../server/lib/clock";
import { allMigrationsFor, featureRegistry } from "../server/modules/index";
import { liveMediaUrls, livePublishUrl } from "../server/modules/live/index";
import { createHttpServer } from "../server/ops/http-server";
import { createLogger } from "../server/ops/logger";
import { inProcessBus } from "../server/realtime/bus";
import { createPresence } from "../server/realtime/presence";
import { mkdirSync } from "node:fs";
import { userRow } from "../tests/helpers/runtime";

export interface BenchOptions {
  dir?: string;
  viewers: number;
  /** The HTTP port (the benchmarks keep to their assigned range); 0 for any free one. */
  port?: number;
  /** LIVE_MAX_WEBRTC_VIEWERS for the run: the WebRTC benchmark lifts the cap to find where frames drop. */
  maxWebrtcViewers?: number;
}

export async function serveBench({ dir, viewers, port: listenPort = 0, maxWebrtcViewers }: BenchOptions): Promise<void> {
  const env = {
    NODE_ENV: "test",
    APP_SECRET: "bench-secret",
    LIVE_DIR: join(dir!, "live"),
    ...(maxWebrtcViewers === undefined ? {} : { LIVE_MAX_WEBRTC_VIEWERS: String(maxWebrtcViewers) }),
  } as const;
  const config = { ...loadConfig(env), databaseUrl: ":memory:" };
  const database = openDatabase(":memory:", { poolSize: 1 });
  await migrateToLatest(database, allMigrationsFor);
  const bus = inProcessBus();
  const deps: ApiDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    clock: systemClock,
    mailer: outboxMailer(database.db, systemClock),
    log: createLogger({ level: "error" }),
    bus,
    presence: createPresence({ bus, clock: systemClock, instanceId: "bench" }),
    features: featureRegistry(),
  };
  const api = createApiApp(deps);
  const now = Date.now();
  // Accounts with an unusable password hash: nobody signs in, the addresses are signed directly.
  const user = (username: string, userType: number) => userRow({ username, userType, passwordHash: "x", now });
  const creator = await deps.db
    .insertInto("users")
    .values(user("bench_creator", USER_TYPE.escort))
    .returning("id")
    .executeTakeFirstOrThrow();
  const members: number[] = [];
  for (let i = 0; i < viewers; i++) {
    const row = await deps.db
      .insertInto("users")
      .values(user(`bench_viewer_${i}`, USER_TYPE.client))
      .returning("id")
      .executeTakeFirstOrThrow();
    members.push(row.id);
  }
  const stream = await deps.db
    .insertInto("live_streams")
    .values({
      creator_id: creator.id,
      title: "Bench",
      category: "chat",
      audience: "logged_in",
      price: null,
      ingest: "browser",
      state: "live",
      city_id: null,
      scheduled_at: null,
      started_at: now,
      producer_seen_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const hlsDir = join(config.liveVideo.dir, String(stream.id), "hls");
  mkdirSync(hlsDir, { recursive: true });
  const server = createHttpServer((request: Request) => api.fetch(request, { remoteAddress: "127.0.0.1" }));
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const urls = members.map((id) => liveMediaUrls(deps, stream, id));
  const playlists = urls.map((url) => url.hls);
  const wheps = urls.map((url) => url.whep);
  const whip = livePublishUrl(deps, stream);
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid, hlsDir, whip, playlists, wheps })}\n`);
}
