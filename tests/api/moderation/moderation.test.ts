/**
 * Moderation before publication (issue 10 item 4, ADR 030) against the real API: new photos and changed
 * texts are the owner's at once and everyone else's only after a team member accepts them; the back office
 * is for team and backend accounts only; the owner is told the decision and the reason in their language.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaVariantUrl, type MediaImage, type MediaItem } from "#server/contract/media";
import { QUEUE_PAGE_SIZE, type ModerationQueue, type MyModeration, type QueueItem } from "#server/contract/moderation";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime, storeMediaInTemporaryDir } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";
import { callJson } from "../../helpers/api-call";

interface Answer<T = unknown> {
  data: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, string> }>;
}

describe(`moderation (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let team: string;
  let backend: string;
  let client: string;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
    dir = storeMediaInTemporaryDir(rt, "velora-moderation-");
    team = await tokenOf(await createUser(rt, { userType: USER_TYPE.team }));
    backend = await tokenOf(await createUser(rt, { userType: USER_TYPE.backend }));
    client = await tokenOf(await createUser(rt, { userType: USER_TYPE.client }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function tokenOf(user: { username: string; password: string }) {
    const { body } = await login(rt, user.username, user.password, freshIp());
    return String(body.access_token);
  }

  /** A listed Berlin escort, signed in, writing in `language`. */
  async function escort(language = "de") {
    const user = await createProfile(rt);
    await rt.deps.db.updateTable("users").set({ language }).where("id", "=", user.id).execute();
    return { ...user, token: await tokenOf(user) };
  }

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }

  async function upload(token: string) {
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await jpeg(400, 500))], { type: "image/jpeg" }), "a.jpg");
    const response = await rt.request("/api/v2/media/upload", { method: "POST", token, body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as Answer<MediaItem[]>).data[0]!;
  }

  const fileStatus = async (image: MediaImage, token?: string) =>
    (await rt.request(`/api/v2${mediaVariantUrl(image, image.widths[0]!, "jpeg")}`, { token })).status;

  async function queueItems(token = team): Promise<QueueItem[]> {
    const items: QueueItem[] = [];
    for (let page = 1; ; page++) {
      const { status, json } = await call<ModerationQueue>(token, "GET", `/backoffice/queue?page=${page}`);
      expect(status).toBe(200);
      items.push(...json.data.items);
      if (page * QUEUE_PAGE_SIZE >= json.data.total) return items;
    }
  }

  async function lastMailTo(address: string) {
    return await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body", "language", "template"])
      .where("recipient", "=", address)
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  const mailsOf = (address: string, template: string) =>
    rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", address).where("template", "=", template).execute();

  const detail = async (username: string, token?: string) =>
    (
      await call<{ avatar: MediaImage | null; gallery: Array<{ id: number }>; texts: Record<string, string | null> }>(
        token,
        "GET",
        `/profiles/${username}/detail`,
      )
    ).json.data;

  it("a new photo waits: only its owner and the back office see it until a team member accepts it", async () => {
    const owner = await escort();
    const other = await escort();
    const photo = await upload(owner.token);
    expect(photo).toMatchObject({ status: 0, rejection_reason: null, is_avatar: true });
    // The public sees the placeholder: no avatar, no gallery, no file.
    expect(await fileStatus(photo.image)).toBe(404);
    expect(await fileStatus(photo.image, other.token)).toBe(404);
    expect(await fileStatus(photo.image, owner.token)).toBe(200);
    expect(await fileStatus(photo.image, team)).toBe(200);
    expect(await detail(owner.username)).toMatchObject({ avatar: null, gallery: [] });
    expect((await detail(owner.username, owner.token)).gallery.map((m) => m.id)).toEqual([photo.id]);

    const queued = (await queueItems()).find((item) => item.kind === "media" && item.id === photo.id);
    expect(queued).toMatchObject({ kind: "media", owner: { id: owner.id, username: owner.username, language: "de" }, is_avatar: true });

    const accepted = await call(team, "POST", `/backoffice/media/${photo.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toEqual({ kind: "media", id: photo.id, status: 1, reason: null });
    expect(await fileStatus(photo.image)).toBe(200);
    expect((await detail(owner.username)).avatar?.path).toBe(photo.image.path);
    expect((await queueItems()).some((item) => item.kind === "media" && item.id === photo.id)).toBe(false);
    // Decided once: a second moderator gets 409, and nothing changes.
    expect((await call(backend, "POST", `/backoffice/media/${photo.id}/reject`, { reason: "terms" })).status).toBe(409);
    const mail = await lastMailTo(`${owner.username}@example.test`);
    expect(mail).toMatchObject({ language: "de", template: "moderation_accepted", subject: "Dein Foto: freigegeben" });
  });

  it("a refused photo stays hidden; the owner reads the reason in the API and in a mail in their language", async () => {
    const owner = await escort("en");
    const photo = await upload(owner.token);
    expect((await call(backend, "POST", `/backoffice/media/${photo.id}/reject`, { reason: "nope" })).json.errors?.[0]).toMatchObject({
      key: "validation.backoffice.reason_required",
      source: "reason",
    });
    const rejected = await call(backend, "POST", `/backoffice/media/${photo.id}/reject`, { reason: "poor_quality" });
    expect(rejected.status).toBe(200);
    expect(await fileStatus(photo.image)).toBe(404);
    const mine = await call<MediaItem[]>(owner.token, "GET", "/media/my");
    expect(mine.json.data).toEqual([expect.objectContaining({ id: photo.id, status: 2, rejection_reason: "poor_quality" })]);
    const my = await call<MyModeration>(owner.token, "GET", "/moderation/my");
    expect(my.json.data.media).toEqual({
      pending: 0,
      rejected: [{ id: photo.id, reason: "poor_quality", decided_at: expect.any(Number) }],
    });
    // One message per refusal: the statement's mail (its job) names the photo and the reason; no refusal mail beside it.
    await rt.jobs.runDue();
    const mail = await lastMailTo(`${owner.username}@example.test`);
    expect(mail).toMatchObject({ language: "en", template: "statement_issued" });
    expect(mail!.subject).toMatch(/^Our decision S-\d{6}: Content not visible$/);
    expect(mail!.text_body).toContain("Our team reviewed your photo before publication and did not approve it.");
    expect(mail!.text_body).toContain("Reason: The quality is not sufficient");
    expect(await mailsOf(`${owner.username}@example.test`, "moderation_rejected")).toEqual([]);
  });

  it("refuses everyone but team and backend accounts, and answers unknown ids with 404", async () => {
    const owner = await escort();
    const photo = await upload(owner.token);
    for (const token of [client, owner.token]) {
      expect((await call(token, "GET", "/backoffice/queue")).status).toBe(403);
      // Not even the owner approves their own photo.
      const refused = await call(token, "POST", `/backoffice/media/${photo.id}/accept`);
      expect(refused.status).toBe(403);
      expect(refused.json.errors?.[0]?.key).toBe("exception.backoffice.staff_only");
    }
    expect((await call(undefined, "GET", "/backoffice/queue")).status).toBe(401);
    expect(await fileStatus(photo.image)).toBe(404);
    expect((await call(backend, "GET", "/backoffice/queue")).status).toBe(200);
    expect((await call(team, "POST", "/backoffice/media/99999999/accept")).status).toBe(404);
    expect((await call(team, "POST", "/backoffice/texts/abc/accept")).status).toBe(404);
    expect((await call(team, "GET", "/backoffice/queue?page=0")).status).toBe(400);
    // A banned team account is no moderator any more.
    const former = await createUser(rt, { userType: USER_TYPE.team });
    const formerToken = await tokenOf(former);
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", former.id).execute();
    expect([401, 403]).toContain((await call(formerToken, "GET", "/backoffice/queue")).status);
  });

  it("a changed text is the owner's at once and public once accepted; a refused one keeps the published text", async () => {
    const owner = await escort();
    const profile = { relationship_status: 1, city: "Berlin", status: "Neu in Berlin", description: "Ich mag Jazz und lange Abende." };
    expect((await call(owner.token, "PUT", "/settings/profile", profile)).status).toBe(200);
    // The public keeps the last accepted version (none yet); the owner reads theirs.
    expect((await detail(owner.username)).texts).toMatchObject({ status: null, description: null });
    expect((await detail(owner.username, owner.token)).texts).toMatchObject({
      status: "Neu in Berlin",
      description: "Ich mag Jazz und lange Abende.",
    });
    const steps = await call<{ status: string; text_reviews: MyModeration["texts"] }>(owner.token, "GET", "/registration/steps");
    expect(steps.json.data.status).toBe("Neu in Berlin");
    expect(steps.json.data.text_reviews.map((t) => [t.field, t.status])).toEqual([
      ["status", 0],
      ["description", 0],
    ]);

    const mine = (await queueItems()).filter((item) => item.kind === "text" && item.owner.id === owner.id);
    expect(mine.map((item) => item.kind === "text" && [item.field, item.value, item.current])).toEqual([
      ["status", "Neu in Berlin", null],
      ["description", "Ich mag Jazz und lange Abende.", null],
    ]);
    const [status, description] = mine;
    expect((await call(team, "POST", `/backoffice/texts/${status!.id}/accept`)).status).toBe(200);
    expect((await call(team, "POST", `/backoffice/texts/${description!.id}/reject`, { reason: "contact_details" })).status).toBe(200);
    expect((await detail(owner.username)).texts).toMatchObject({ status: "Neu in Berlin", description: null });
    await rt.jobs.runDue();
    const mail = await lastMailTo(`${owner.username}@example.test`);
    expect(mail).toMatchObject({ language: "de", template: "statement_issued" });
    expect(mail!.text_body).toContain("Unser Team hat deine Beschreibung vor der Veröffentlichung geprüft");
    expect(mail!.text_body).toContain("Grund: Telefonnummern, Adressen und Links");
    expect(await mailsOf(`${owner.username}@example.test`, "moderation_rejected")).toEqual([]);

    // The owner's form shows the published text again, with the refusal and its reason.
    const after = await call<{ status: string; description: string; text_reviews: MyModeration["texts"] }>(
      owner.token,
      "GET",
      "/registration/steps",
    );
    expect(after.json.data).toMatchObject({ status: "Neu in Berlin", description: "" });
    expect(after.json.data.text_reviews).toEqual([
      { field: "description", status: 2, reason: "contact_details", created_at: expect.any(Number), decided_at: expect.any(Number) },
    ]);

    // A second change replaces the waiting one; the published text again withdraws it; clearing is at once.
    await call(owner.token, "PUT", "/settings/profile", { ...profile, status: "Heute Abend frei" });
    await call(owner.token, "PUT", "/settings/profile", { ...profile, status: "Heute Abend wirklich frei" });
    const waiting = (await queueItems()).filter((item) => item.kind === "text" && item.owner.id === owner.id);
    expect(waiting.map((item) => item.kind === "text" && [item.field, item.value, item.current])).toEqual([
      ["status", "Heute Abend wirklich frei", "Neu in Berlin"],
      ["description", "Ich mag Jazz und lange Abende.", null],
    ]);
    await call(owner.token, "PUT", "/settings/profile", { ...profile, status: "Neu in Berlin", description: "" });
    expect((await queueItems()).some((item) => item.kind === "text" && item.owner.id === owner.id)).toBe(false);
    expect((await call(team, "POST", `/backoffice/texts/${waiting[0]!.id}/accept`)).status).toBe(404);
  });

  it("two moderators at once: one decision counts, the other gets 409; two saves at once leave one waiting text", async () => {
    const owner = await escort();
    const photo = await upload(owner.token);
    const answers = await Promise.all([
      call(team, "POST", `/backoffice/media/${photo.id}/accept`),
      call(backend, "POST", `/backoffice/media/${photo.id}/reject`, { reason: "terms" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const base = { relationship_status: 1, city: "Berlin" };
    const saves = await Promise.all([
      call(owner.token, "PUT", "/settings/profile", { ...base, status: "Erste Fassung" }),
      call(owner.token, "PUT", "/settings/profile", { ...base, status: "Zweite Fassung" }),
    ]);
    expect(saves.map((a) => a.status)).toEqual([200, 200]);
    const waiting = (await queueItems()).filter((item) => item.kind === "text" && item.owner.id === owner.id);
    expect(waiting).toHaveLength(1);
    // The owner filter finds the same, by name in any case.
    const filtered = await call<ModerationQueue>(team, "GET", `/backoffice/queue?owner=${owner.username.toUpperCase()}`);
    expect(filtered.json.data.items.map((item) => item.id)).toEqual(waiting.map((item) => item.id));
  });

  it("refuses texts that offer sex without a condom or target pregnancy, with the phrase named at the field", async () => {
    const owner = await escort();
    const base = { relationship_status: 1, city: "Berlin" };
    const refused = await call(owner.token, "PUT", "/settings/profile", { ...base, description: "Diskret, gerne auch 0hne Gummi." });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      expect.objectContaining({ key: "validation.prostschg", source: "description", params: { term: "ohne Gummi" } }),
    ]);
    const step = await call(owner.token, "PUT", "/registration/profile", { ...base, status: "A.O. möglich" });
    expect(step.json.errors?.[0]).toMatchObject({ key: "validation.prostschg", source: "status", params: { term: "AO" } });
    // Whole words: the Naturpark is fine.
    expect((await call(owner.token, "PUT", "/settings/profile", { ...base, interests: "Spaziergänge im Naturpark" })).status).toBe(200);
    expect((await queueItems()).some((item) => item.kind === "text" && item.owner.id === owner.id && item.field === "interests")).toBe(
      true,
    );
  });
});
