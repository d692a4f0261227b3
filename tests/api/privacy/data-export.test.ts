/**
 * Issue 10, user/data_privacy: the self-service data export (ADR 032) — one a day, built by the job
 * table, a ZIP of JSON and the member's photos without secrets, downloadable by its owner only, for
 * 7 days, removed with the account.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { DATA_EXPORT_INTERVAL_MS, DATA_EXPORT_TTL_MS, type DataExport, type DataExportStatus } from "#server/contract/privacy";
import { USER_TYPE } from "#server/contract/users";
import { EXPORTED_TABLES, NOT_EXPORTED } from "#server/modules/privacy/export-archive";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import {
  createTestRuntime,
  createUser,
  listedMember,
  login,
  storeMediaInTemporaryDir,
  TEST_DB,
  type TestRuntime,
} from "../../helpers/runtime";
import { unzip } from "../../helpers/zip";
import { rotateStreamKey } from "#server/modules/live/stream-keys";
import { insertDate } from "../reviews/date-fixture";
import { deletionLinkToken } from "../../helpers/mail";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
  next_request_at?: number;
}

describe(`the data export (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-export-");
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const escort = () => listedMember(rt, USER_TYPE.escort, freshIp());
  /** A fresh session (sessions end after 24 idle hours, and these tests move the clock by days). */
  const signIn = async (user: { username: string; password: string }) =>
    String((await login(rt, user.username, user.password, freshIp())).body.access_token);

  async function call<T>(token: string | undefined, method: string, path = "") {
    const response = await rt.request(`/api/v2/user/data-export${path}`, { method, token });
    return { status: response.status, json: (await response.json()) as Answer<T> };
  }
  const status = async (token: string) => (await call<DataExportStatus>(token, "GET")).json.data!;
  /** Whether the ZIP of this export is in the media store. */
  const fileOf = async (exportId: number) => {
    const row = await rt.deps.db.selectFrom("data_exports").select("storage_key").where("id", "=", exportId).executeTakeFirstOrThrow();
    return join(dir, "media", row.storage_key!);
  };

  it("is built in the background into a ZIP of JSON and the member's photos, without secrets, and mailed", async () => {
    const member = await escort();
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await jpeg(400, 500))], { type: "image/jpeg" }), "a.jpg");
    expect((await rt.request("/api/v2/media/upload", { method: "POST", token: member.token, body: form })).status).toBe(201);

    // A creator's stream key (ADR 128): its existence and time are exported, the key itself never.
    const streamKey = await rotateStreamKey(rt.deps, { id: member.id, userType: USER_TYPE.escort });
    const requested = await call<DataExport>(member.token, "POST");
    expect(requested.status).toBe(202);
    expect(requested.json.data).toMatchObject({ state: "init", ready_at: null });
    expect((await status(member.token)).latest?.state).toBe("init");
    // One at a time.
    expect((await call(member.token, "POST")).json.errors?.[0]?.key).toBe("exception.privacy.export_in_progress");

    expect(await rt.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    const ready = await status(member.token);
    expect(ready.latest).toMatchObject({ state: "ready", ready_at: rt.clock.now(), expires_at: rt.clock.now() + DATA_EXPORT_TTL_MS });
    expect(ready.latest!.size_bytes).toBeGreaterThan(1000);

    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["template", "text_body"])
      .where("recipient", "=", member.email)
      .where("template", "=", "data_export_ready")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("http://velora.test/de/user/data_privacy");

    const download = await rt.request(`/api/v2/user/data-export/${ready.latest!.id}/file`, { token: member.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="velora-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers.get("cache-control")).toContain("no-store");
    const entries = await unzip(Buffer.from(await download.arrayBuffer()));
    expect([...entries.keys()].filter((name) => name.endsWith(".json") || name.endsWith(".txt")).sort()).toEqual(
      [
        "README.txt",
        "account.json",
        "age-verification.json",
        "appeals.json",
        "billing.json",
        "blocks.json",
        "affiliates.json",
        "blogs.json",
        "bundles.json",
        "business-links.json",
        "community.json",
        "content-removal-requests.json",
        "dates.json",
        "dollars.json",
        "events.json",
        "exports.json",
        "fan-subscriptions.json",
        "favorites-visits.json",
        "forum.json",
        "friend-links.json",
        "kyc.json",
        "live-chat.json",
        "live.json",
        "messages.json",
        "notes.json",
        "notifications.json",
        "mails.json",
        "media.json",
        "media-purchases.json",
        "membership.json",
        "orders.json",
        "moderation.json",
        "profile.json",
        "reports.json",
        "reports-about-me.json",
        "reviews.json",
        "security.json",
        "sessions.json",
        "settings.json",
        "sign-up.json",
        "statements.json",
        "support.json",
        "transparency.json",
        "verification.json",
        "warning-list.json",
      ].sort(),
    );
    const account = JSON.parse(entries.get("account.json")!.toString("utf8")) as Record<string, unknown>;
    expect(account).toMatchObject({ id: member.id, username: member.username, email: member.email });
    expect(entries.get("README.txt")!.toString("utf8")).toMatch(/^Dein Datenexport von Velora/);
    // The README explains every file the archive holds (a new file without its line fails here).
    const readme = entries.get("README.txt")!.toString("utf8");
    expect([...entries.keys()].filter((name) => name.endsWith(".json") && !readme.includes(name))).toEqual([]);
    const profile = JSON.parse(entries.get("profile.json")!.toString("utf8")) as { profiles: Array<{ user_id: number }> };
    expect(profile.profiles).toEqual([expect.objectContaining({ user_id: member.id })]);
    const media = JSON.parse(entries.get("media.json")!.toString("utf8")) as Array<{ file: string | null }>;
    expect(media).toHaveLength(1);
    const photo = entries.get(media[0]!.file!)!;
    expect(photo.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // No password, token or code hash, and no storage address, anywhere.
    const allJson = [...entries]
      .filter(([name]) => name.endsWith(".json"))
      .map(([, bytes]) => bytes.toString("utf8"))
      .join("\n");
    expect(allJson).not.toMatch(/_hash"|"token|storage_key|"code"|decided_by/);
    expect(allJson).not.toContain("$argon2");
    const live = JSON.parse(entries.get("live.json")!.toString("utf8")) as { stream_key: unknown };
    expect(live.stream_key).toEqual({ exists: true, current_key_created_at: streamKey.key_created_at });
    expect(allJson).not.toContain(streamKey.key);
    expect(allJson).not.toContain(streamKey.key_hint);
  });

  it("holds the member's dates with their timeline, the reviews they wrote and the published ones about them; a blind one stays out", async () => {
    const member = await escort();
    const client = await createUser(rt, { userType: USER_TYPE.client });
    const other = await createUser(rt, { userType: USER_TYPE.client });
    const stranger = await createUser(rt, { userType: USER_TYPE.client });
    const now = rt.clock.now();
    const withClient = await insertDate(rt, client.id, member.id);
    const withOther = await insertDate(rt, other.id, member.id);
    const notMine = await insertDate(rt, stranger.id, client.id);
    await rt.deps.db
      .insertInto("date_events")
      .values({ date_id: withClient, kind: "accept", actor_id: member.id, payload: null, created_at: now })
      .execute();
    const review = (dateId: number, authorId: number, subjectId: number, text: string, publishedAt: number | null) => ({
      date_id: dateId,
      author_id: authorId,
      subject_id: subjectId,
      party: "person" as const,
      rating: 4,
      recommend: 1,
      profile_match: 1,
      come_again: 1,
      punctuality: "on_time" as const,
      text,
      comment: null,
      commented_at: null,
      created_at: now,
      published_at: publishedAt,
    });
    await rt.deps.db
      .insertInto("date_reviews")
      .values([
        review(withClient, client.id, member.id, "Published, about the member", now),
        review(withClient, member.id, client.id, "Written by the member", now),
        review(withOther, other.id, member.id, "Still blind, about the member", null),
        review(notMine, stranger.id, client.id, "Between two others", now),
      ])
      .execute();

    expect((await call(member.token, "POST")).status).toBe(202);
    expect(await rt.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    const ready = await status(member.token);
    const download = await rt.request(`/api/v2/user/data-export/${ready.latest!.id}/file`, { token: member.token });
    const entries = await unzip(Buffer.from(await download.arrayBuffer()));
    const dates = JSON.parse(entries.get("dates.json")!.toString("utf8")) as {
      dates: Array<{ id: number; other: string; direction: string }>;
      timeline: Array<{ date_id: number; kind: string; by: string }>;
    };
    expect(dates.dates.map((d) => [d.id, d.other, d.direction])).toEqual([
      [withClient, client.username, "received"],
      [withOther, other.username, "received"],
    ]);
    expect(dates.timeline).toEqual([{ date_id: withClient, kind: "accept", by: "me", created_at: now }]);
    const reviews = JSON.parse(entries.get("reviews.json")!.toString("utf8")) as { reviews: Array<{ text: string; direction: string }> };
    expect(reviews.reviews.map((r) => [r.direction, r.text])).toEqual([
      ["received", "Published, about the member"],
      ["written", "Written by the member"],
    ]);
  });

  it("covers every table that holds a member's rows, or says why not", async () => {
    const tables =
      rt.deps.dialect === "postgres"
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.columns
              where column_name = 'user_id' and table_schema = current_schema()`.execute(rt.deps.db)
          ).rows.map((row) => row.name)
        : (
            await sql<{ name: string }>`select m.name as name from sqlite_master m, pragma_table_info(m.name) c
              where m.type = 'table' and c.name = 'user_id'`.execute(rt.deps.db)
          ).rows.map((row) => row.name);
    expect(tables.length).toBeGreaterThan(20);
    const unaccounted = tables.filter((table) => !EXPORTED_TABLES.includes(table) && !(table in NOT_EXPORTED));
    expect(unaccounted).toEqual([]);
  });

  it("hands out no staff identities and no stale job: a build whose job died is failed, not in progress for ever", async () => {
    const member = await escort();
    await call(member.token, "POST");
    // The worker died on the last try: the runner gave the job up without the handler marking the export.
    await rt.deps.db.updateTable("jobs").set({ state: "failed", job_key: null }).where("job_key", "=", `export:${member.id}`).execute();
    expect((await status(member.token)).latest?.state).toBe("init");
    expect((await call(member.token, "POST")).status).toBe(202);
    await rt.jobs.runDue();
    const exports = await rt.deps.db.selectFrom("data_exports").select("state").where("user_id", "=", member.id).orderBy("id").execute();
    expect(exports.map((row) => row.state)).toEqual(["failed", "ready"]);
  });

  it("allows one export a day, and a new one after it", async () => {
    const member = await escort();
    expect((await call(member.token, "POST")).status).toBe(202);
    await rt.jobs.runDue();
    const tooSoon = await call(member.token, "POST");
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.errors?.[0]?.key).toBe("exception.privacy.export_too_soon");
    expect((await status(member.token)).next_request_at).toBe(rt.clock.now() + DATA_EXPORT_INTERVAL_MS);
    rt.clock.advance(DATA_EXPORT_INTERVAL_MS);
    const later = await signIn(member);
    expect((await status(later)).next_request_at).toBeNull();
    expect((await call(later, "POST")).status).toBe(202);
    await rt.jobs.runDue();
  });

  it("answers another member's export, a guest and an id that names nothing with 404 / 401", async () => {
    const owner = await escort();
    const other = await escort();
    await call(owner.token, "POST");
    await rt.jobs.runDue();
    const id = (await status(owner.token)).latest!.id;
    expect((await rt.request(`/api/v2/user/data-export/${id}/file`, { token: other.token })).status).toBe(404);
    expect((await rt.request(`/api/v2/user/data-export/${id}/file`)).status).toBe(401);
    expect((await call(undefined, "POST")).status).toBe(401);
    for (const bad of ["abc", "0", "-1", "1e3", "99999999999999999999"]) {
      expect((await rt.request(`/api/v2/user/data-export/${bad}/file`, { token: owner.token })).status, bad).toBe(404);
    }
    expect((await rt.request(`/api/v2/user/data-export/${id}/file`, { token: owner.token })).status).toBe(200);
  });

  it("removes the file when the 7 days are over", async () => {
    const member = await escort();
    await call(member.token, "POST");
    await rt.jobs.runDue();
    const id = (await status(member.token)).latest!.id;
    const file = await fileOf(id);
    expect(existsSync(file)).toBe(true);
    rt.clock.advance(DATA_EXPORT_TTL_MS - 1);
    await rt.jobs.runDue();
    const later = await signIn(member);
    expect((await rt.request(`/api/v2/user/data-export/${id}/file`, { token: later })).status).toBe(200);
    rt.clock.advance(1);
    expect((await rt.jobs.runDue()).done).toBeGreaterThanOrEqual(1);
    expect((await status(later)).latest?.state).toBe("expired");
    expect((await rt.request(`/api/v2/user/data-export/${id}/file`, { token: later })).status).toBe(404);
    expect(existsSync(file)).toBe(false);
  });

  it("goes with the account: rows at once, the file by a job", async () => {
    const member = await escort();
    await call(member.token, "POST");
    await rt.jobs.runDue();
    const file = await fileOf((await status(member.token)).latest!.id);
    expect(existsSync(file)).toBe(true);
    await rt.request("/api/v2/user/delete", {
      method: "POST",
      token: member.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ current_password: member.password }),
    });
    const confirmed = await rt.request("/api/v2/user/delete/confirm", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: await deletionLinkToken(rt, member.email) }),
    });
    expect(confirmed.status).toBe(200);
    expect(await rt.deps.db.selectFrom("data_exports").select("id").where("user_id", "=", member.id).execute()).toEqual([]);
    expect(existsSync(file)).toBe(true);
    await rt.jobs.runDue();
    expect(existsSync(file)).toBe(false);
  });
});
