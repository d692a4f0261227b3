/**
 * Live video's e2e parts (ADR 125): streams written to the e2e server's database as the streams part (livecore) does
 * until its pages are merged, members' signed media addresses through the API, an OBS stand-in pushing RTMP.
 */
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabasePath } from "./e2e-database";
import { expect, SIGN_UP_PASSWORD } from "./fixtures";

export const PORT = Number(process.env.E2E_PORT ?? 3300);
export const RTMP_PORT = PORT + 20000;
export const CITY = "Augsburg";

export function insertStream(username: string, ingest: "browser" | "rtmp", state: "live" | "scheduled"): number {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("select id from users where username = ?").get(username) as { id: number };
    const now = Date.now();
    const live = state === "live" ? now : null;
    const { lastInsertRowid } = db
      .prepare(
        `insert into live_streams (creator_id, title, category, audience, ingest, state, record, started_at, producer_seen_at, created_at, updated_at)
         values (?, 'E2E live', 'chat', 'logged_in', ?, ?, 0, ?, ?, ?, ?)`,
      )
      .run(user.id, ingest, state, live, live, now, now);
    return Number(lastInsertRowid);
  } finally {
    db.close();
  }
}

export function streamState(id: number): string {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true, readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return (db.prepare("select state from live_streams where id = ?").get(id) as { state: string }).state;
  } finally {
    db.close();
  }
}

export async function tokenOf(request: APIRequestContext, clientIp: string, username: string): Promise<string> {
  const login = await request.post("/oauth/v2/token", {
    headers: { "x-forwarded-for": clientIp },
    form: { grant_type: "password", username, password: SIGN_UP_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

export async function mediaOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/v2/live/streams/${id}/media`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { hls: string; whep: string | null; whip: string | null } }).data;
}

export function rtmpPush(key: string) {
  const child = spawn(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      ...["-f", "flv", `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`],
    ],
    { stdio: "ignore" },
  );
  return { child, exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
}
