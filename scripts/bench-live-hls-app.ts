/**
 * The app side of scripts/bench-live-hls.mjs: the real v2 API over HTTP (SQLite in memory, every migration), one
 * creator with a live stream and `viewers` members, each with their own signed playlist address. Prints one JSON
 * line (port, pid, the stream's HLS folder, the playlist addresses) and serves until killed.
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
import { liveMediaUrls } from "../server/modules/live/index";
import { createHttpServer } from "../server/ops/http-server";
import { createLogger } from "../server/ops/logger";
import { inProcessBus } from "../server/realtime/bus";
import { createPresence } from "../server/realtime/presence";
import { mkdirSync } from "node:fs";
import { userRow } from "../tests/helpers/runtime";

export async function serveBench({ dir, viewers }: { dir?: string; viewers: number }): Promise<void> {
  const config = { ...loadConfig({ NODE_ENV: "test", APP_SECRET: "bench-secret", LIVE_DIR: join(dir!, "live") }), databaseUrl: ":memory:" };
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const playlists = members.map((id) => liveMediaUrls(deps, stream, id).hls);
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid, hlsDir, playlists })}\n`);
}
