import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_TTL_MS } from "#server/contract/settings";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { filesUnder } from "../../helpers/files";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, listedMember, login, storeMediaInTemporaryDir, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { deletionLinkToken } from "../../helpers/mail";
import { callJson } from "../../helpers/api-call";

interface Answer {
  data?: { status?: string; is_member?: boolean; deletion_requested_until?: number | null; deleted?: boolean };
  errors?: Array<{ key: string; source?: string }>;
}

describe(`pause, deactivate and delete (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-account-");
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A listed escort in Berlin, signed in. */
  const escort = () => listedMember(rt, USER_TYPE.escort, freshIp());

  function call(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer>(rt, token, method, `/api/v2/user/${path}`, body);
  }

  const detail = async (username: string, token?: string) => (await rt.request(`/api/v2/profiles/${username}/detail`, { token })).status;
  const listed = async (userId: number) =>
    (await rt.deps.db.selectFrom("search_profiles").select("user_id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;

  it("a pause hides the profile everywhere until the member resumes (its page says it is paused); the member still uses the settings", async () => {
    const member = await escort();
    const viewer = await escort();
    expect(await listed(member.id)).toBe(true);
    const paused = await call(member.token, "POST", "pause");
    expect(paused.status).toBe(200);
    expect(paused.json.data).toMatchObject({ status: "paused", deletion_requested_until: null });
    // The profile answers "paused" (ADR 070: its page says so instead of "does not exist"), and it is out of search.
    expect(await detail(member.username, viewer.token)).toBe(403);
    expect(await detail(member.username)).toBe(403);
    expect(await listed(member.id)).toBe(false);
    expect((await rt.request("/api/v2/settings", { token: member.token })).status).toBe(200);
    // The saved profile (settings pages, dashboard) stays readable while paused.
    expect((await rt.request("/api/v2/registration/steps", { token: member.token })).status).toBe(200);
    const resumed = await call(member.token, "POST", "resume");
    expect(resumed.json.data?.status).toBe("active");
    expect(await detail(member.username, viewer.token)).toBe(200);
    expect(await listed(member.id)).toBe(true);
  });

  it("deactivating also ends every other session", async () => {
    const member = await escort();
    const other = String((await login(rt, member.username, member.password, freshIp())).body.access_token);
    expect((await call(member.token, "POST", "deactivate")).json.data?.status).toBe("deactivated");
    expect((await rt.request("/api/v2/user/data", { token: other })).status).toBe(401);
    expect((await rt.request("/api/v2/user/data", { token: member.token })).status).toBe(200);
    expect(await detail(member.username)).toBe(404);
  });

  it("deletes only through the link, and then removes the profile, photos, settings and login", async () => {
    const member = await escort();
    const viewer = await escort();
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await jpeg(400, 400))], { type: "image/jpeg" }), "a.jpg");
    expect((await rt.request("/api/v2/media/upload", { method: "POST", token: member.token, body: form })).status).toBe(201);
    expect(filesUnder(join(dir, "media")).length).toBeGreaterThan(0);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: viewer.id, blocked_id: member.id, created_at: 0 }).execute();
    await rt.deps.db
      .insertInto("federated_identities")
      .values({ user_id: member.id, provider: "google", subject: `sub-${member.id}`, email: member.email, created_at: 0 })
      .execute();
    // Her profile-view counters (ADR 033).
    await rt.deps.db.insertInto("profile_view_days").values({ user_id: member.id, day: "2026-11-20", views: 3 }).execute();
    await rt.deps.db.insertInto("profile_view_marks").values({ user_id: member.id, day: "2026-11-20", viewer_hash: "h" }).execute();

    const wrong = await call(member.token, "POST", "delete", { current_password: "nope-nope-1" });
    expect(wrong.json.errors?.[0]).toMatchObject({ key: "exception.settings.current_password_wrong", source: "current_password" });
    const asked = await call(member.token, "POST", "delete", { current_password: member.password });
    expect(asked.status).toBe(202);
    expect(asked.json.data?.deletion_requested_until).toBe(rt.clock.now() + ACCOUNT_DELETION_TTL_MS);
    // Nothing is gone yet; a withdrawn request's link no longer works.
    expect(await detail(member.username, viewer.token)).toBe(404); // (blocked by the viewer)
    expect(await listed(member.id)).toBe(true);
    const withdrawn = await deletionLinkToken(rt, member.email);
    await call(member.token, "DELETE", "delete");
    expect((await call(undefined, "POST", "delete/confirm", { token: withdrawn })).status).toBe(400);

    await call(member.token, "POST", "delete", { current_password: member.password });
    const token = await deletionLinkToken(rt, member.email);
    // Another signed-in member holding the link is refused (the owner rule shared with the e-mail change link).
    const foreign = await call(viewer.token, "POST", "delete/confirm", { token });
    expect(foreign.status).toBe(403);
    expect(foreign.json.errors?.[0]?.key).toBe("exception.account.other_account");
    const done = await call(undefined, "POST", "delete/confirm", { token });
    expect(done.status).toBe(200);
    expect(done.json.data).toEqual({ deleted: true });

    const row = await rt.deps.db
      .selectFrom("users")
      .select(["status", "username", "email", "birth_date", "gender"])
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    // Keys no sign-up can produce (a colon), so nobody can take them first and make the deletion fail.
    expect(row).toEqual({
      status: "deleted",
      username: `deleted:${member.id}`,
      email: `deleted:${member.id}`,
      birth_date: null,
      gender: null,
    });
    for (const table of ["profiles", "media", "federated_identities", "profile_view_days", "profile_view_marks"] as const) {
      const left = await rt.deps.db.selectFrom(table).select("user_id").where("user_id", "=", member.id).execute();
      expect(left, table).toEqual([]);
    }
    expect(await rt.deps.db.selectFrom("blocks").select("blocker_id").where("blocked_id", "=", member.id).execute()).toEqual([]);
    // The files go by the job enqueued with the deletion (retried until the storage has them gone).
    expect(filesUnder(join(dir, "media")).length).toBeGreaterThan(0);
    expect(await rt.jobs.runDue()).toEqual({ done: 1, retry: 0, failed: 0 });
    expect(filesUnder(join(dir, "media"))).toEqual([]);
    expect(await listed(member.id)).toBe(false);
    expect((await rt.request("/api/v2/user/data", { token: member.token })).status).toBe(401);
    expect((await login(rt, member.username, member.password, freshIp())).status).toBe(400);
    // The name is free again.
    const unique = await rt.request(`/api/v2/registration/unique?username=${member.username}`, { ip: freshIp() });
    expect(((await unique.json()) as { data: { available: boolean } }).data.available).toBe(true);
    const last = await rt.deps.db
      .selectFrom("mail_outbox")
      .select("template")
      .where("recipient", "=", member.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last.template).toBe("account_deleted");
    // The link is spent.
    expect((await call(undefined, "POST", "delete/confirm", { token })).status).toBe(400);
  });

  it("lets a deletion link expire after a day", async () => {
    const member = await escort();
    await call(member.token, "POST", "delete", { current_password: member.password });
    const token = await deletionLinkToken(rt, member.email);
    rt.clock.advance(ACCOUNT_DELETION_TTL_MS);
    const late = await call(undefined, "POST", "delete/confirm", { token });
    expect(late.status).toBe(400);
    expect(late.json.errors?.[0]).toMatchObject({ key: "exception.account.deletion_link_invalid", source: "token" });
    // (The session's own 24-hour window has passed too; the account itself is untouched.)
    expect((await login(rt, member.username, member.password, freshIp())).status).toBe(200);
  });

  it("asks for a login", async () => {
    for (const path of ["pause", "resume", "deactivate"]) expect((await call(undefined, "POST", path)).status).toBe(401);
    expect((await call(undefined, "GET", "account-state")).status).toBe(401);
    expect((await call(undefined, "POST", "delete", { current_password: "x" })).status).toBe(401);
  });
});
