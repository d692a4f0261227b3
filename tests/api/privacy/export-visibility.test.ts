/**
 * Issue 23 item 4 (ADR 059): a data export shows the member nothing the product hides from them. A non-plus escort
 * is visited and favorited (once by a plus member browsing invisibly), messaged, asked for a date, friended by a
 * member who later blocks her, reported by a member and by a guest, and written about in another member's private
 * note. Every key and value of every JSON file of her export is walked: no member id or username may appear that her
 * own views in the product (notifications, visitors, favorites, messenger, dates, friends, blocks, reports, business
 * links, her account) do not show her, and none of the others' private data (the note, the reporters' texts, the
 * guest's name and address).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DataExportStatus } from "#server/contract/privacy";
import type { MediaStorage } from "#server/integrations/storage/index";
import { buildExportArchive } from "#server/modules/privacy/export-archive";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { unzip } from "../../helpers/zip";
import { insertDate } from "../reviews/date-fixture";

const DAY = 24 * 60 * 60 * 1000;
/**
 * Member ids start here, far from every other number an export holds (row ids, counts, prices, times), so a hidden
 * member's id found anywhere in the export is that member and no coincidence.
 */
const FIRST_MEMBER_ID = 700_000_001;

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
}
type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

/** Every key and every scalar value of a JSON tree, with its path. */
function* leaves(value: unknown, path: string): Generator<[string, string | number]> {
  if (typeof value === "string" || typeof value === "number") yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* leaves(item, `${path}[${i}]`);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      yield [`${path}{key}`, key];
      yield* leaves(item, `${path}.${key}`);
    }
}

/** Whether a text names this id as a number of its own ("visited:700000003:2026-11-25", "/p/700000003"). */
const namesId = (text: string, id: number) => new RegExp(`(^|\\D)${id}(\\D|$)`).test(text);

describe(`the data export shows only what the member sees (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
    if (rt.deps.dialect === "postgres")
      await sql`alter table users alter column id restart with ${sql.lit(FIRST_MEMBER_ID)}`.execute(rt.deps.db);
    else {
      await sql`delete from sqlite_sequence where name = 'users'`.execute(rt.deps.db);
      await sql`insert into sqlite_sequence (name, seq) values ('users', ${FIRST_MEMBER_ID - 1})`.execute(rt.deps.db);
    }
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A listed member registered a year ago (not "new": anyone may write to them), signed in. */
  async function member(userType: number, options: { plus?: boolean; invisible?: boolean } = {}): Promise<Member> {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    const now = rt.clock.now();
    await rt.deps.db
      .updateTable("users")
      .set({
        created_at: now - 365 * DAY,
        ...(options.plus ? { is_member: 1, member_until: now + 30 * DAY } : {}),
        ...(options.invisible ? { invisible_browsing: 1 } : {}),
      })
      .where("id", "=", user.id)
      .execute();
    return { ...user, token: String((await login(rt, user.username, user.password, freshIp())).body.access_token) };
  }

  async function ok<T>(token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
    return answer.json.data as T;
  }

  it("names no member and holds no one's private data that the member's own views do not show", async () => {
    const me = await member(USER_TYPE.escort);
    expect(me.id).toBeGreaterThanOrEqual(FIRST_MEMBER_ID);
    const visitor = await member(USER_TYPE.client);
    const invisible = await member(USER_TYPE.client, { plus: true, invisible: true });
    const favoriter = await member(USER_TYPE.client);
    const partner = await member(USER_TYPE.client, { plus: true });
    const dateClient = await member(USER_TYPE.client);
    const blocker = await member(USER_TYPE.escort);
    const reporter = await member(USER_TYPE.client);
    const noteAuthor = await member(USER_TYPE.client, { plus: true });
    const noteText = "Private Notiz des Autors über sie, nur für ihn.";
    const reportText = "Die Fotos dieses Profils stammen von einer anderen Seite.";
    const guest = { name: "Gisela Gastmeldung", email: "gisela.gastmeldung@example.test" };

    // Visited (a plain visitor, and a plus member browsing invisibly, who leaves no visit), favorited by both.
    await ok(visitor.token, "GET", `/profiles/${me.username}/detail`);
    await ok(invisible.token, "GET", `/profiles/${me.username}/detail`);
    await ok(favoriter.token, "POST", `/favorites/${me.username}`);
    await ok(invisible.token, "POST", `/favorites/${me.username}`);
    // A conversation and a date.
    await ok(partner.token, "POST", `/messenger/send/${me.username}`, { body: "Hallo, hast du morgen Zeit?" });
    await ok(me.token, "POST", `/messenger/send/${partner.username}`, { body: "Ja, gern." });
    await insertDate(rt, dateClient.id, me.id);
    // She keeps, visits and befriends a member who then blocks her: the product no longer shows her that member.
    await ok(me.token, "POST", `/favorites/${blocker.username}`);
    await ok(me.token, "GET", `/profiles/${blocker.username}/detail`);
    await ok(me.token, "POST", `/friends/request/${blocker.username}`);
    const request = (await ok<{ items: Array<{ link_id: number; accept_key: string }> }>(blocker.token, "GET", "/friends?type=received"))
      .items[0]!;
    await ok(blocker.token, "POST", "/friends/accept", { link_id: request.link_id, key: request.accept_key });
    await ok(blocker.token, "POST", `/block/${me.username}`);
    // Reported by a member and by a guest; a private note about her.
    await ok(reporter.token, "POST", "/reports", {
      kind: "profile",
      object_id: me.id,
      type: "fake_profile",
      text: reportText,
      good_faith: true,
    });
    await ok(undefined, "POST", "/reports", {
      kind: "page",
      url: `https://velora.test/de/p/${me.username}`,
      type: "personal_data",
      name: guest.name,
      email: guest.email,
      text: reportText,
      good_faith: true,
    });
    await ok(noteAuthor.token, "PUT", `/profiles/${me.username}/notes`, { text: noteText });

    // Her export.
    await ok(me.token, "POST", "/user/data-export");
    expect(await rt.jobs.runDue()).toMatchObject({ failed: 0 });
    const status = await ok<DataExportStatus>(me.token, "GET", "/user/data-export");
    expect(status.latest?.state).toBe("ready");
    const download = await rt.request(`/api/v2/user/data-export/${status.latest!.id}/file`, { token: me.token });
    expect(download.status).toBe(200);
    const files = new Map(
      [...(await unzip(Buffer.from(await download.arrayBuffer())))]
        .filter(([name]) => name.endsWith(".json"))
        .map(([name, bytes]) => [name, JSON.parse(bytes.toString("utf8")) as unknown]),
    );

    // What the product shows her: every view of hers that names other members.
    const notifications = await ok<{ items: Array<{ id: number }>; total: number }>(me.token, "GET", "/notifications");
    expect(notifications.total).toBeLessThanOrEqual(notifications.items.length);
    const reports = await ok<{ items: unknown[] }>(me.token, "GET", "/reports");
    const businessLinks = await ok<unknown>(me.token, "GET", "/user/business-links");
    const views: unknown[] = [
      notifications,
      reports,
      businessLinks,
      await ok(me.token, "GET", "/notifications/summary"),
      await ok(me.token, "GET", "/user/data"),
      ...(await Promise.all(
        [
          "/visitors?type=1",
          "/visitors?type=2",
          "/favorites?type=1",
          "/favorites?type=2",
          "/messenger/threads?folder=inbox",
          "/messenger/threads?folder=requests",
          "/messenger/threads?folder=hidden",
          `/messenger/messages/${partner.username}`,
          "/dates",
          "/friends?type=friends",
          "/friends?type=received",
          "/friends?type=sent",
          "/block",
        ].map((path) => ok(me.token, "GET", path)),
      )),
    ];
    const shown = views.flatMap((view) => [...leaves(view, "")].map(([, value]) => value));
    const shownNames = shown.filter((value): value is string => typeof value === "string").map((value) => value.toLowerCase());
    const isShownName = (username: string) => shownNames.some((value) => value.includes(username.toLowerCase()));
    const isShownId = (id: number) => shown.some((value) => (typeof value === "number" ? value === id : namesId(value, id)));
    const others = [visitor, invisible, favoriter, partner, dateClient, blocker, reporter, noteAuthor];
    const hiddenNames = others.filter((other) => !isShownName(other.username)).map((other) => other.username);
    const hiddenIds = others.filter((other) => !isShownId(other.id)).map((other) => other.id);
    // The premise: her views name her conversation and date partners, and none of the others.
    expect(hiddenNames.sort()).toEqual(
      [visitor, invisible, favoriter, blocker, reporter, noteAuthor].map((other) => other.username).sort(),
    );
    expect(hiddenIds).toEqual(expect.arrayContaining([visitor.id, invisible.id, favoriter.id, blocker.id, reporter.id, noteAuthor.id]));
    const privateTexts = [noteText, reportText, guest.name, guest.email];

    const leaks: string[] = [];
    for (const [file, content] of files) {
      for (const [path, value] of leaves(content, file)) {
        const text = typeof value === "string" ? value : null;
        const lower = text?.toLowerCase() ?? "";
        for (const name of hiddenNames) if (lower.includes(name.toLowerCase())) leaks.push(`${path} = ${value} names ${name}`);
        for (const id of hiddenIds)
          if (text === null ? value === id : namesId(text, id)) leaks.push(`${path} = ${value} names member ${id}`);
        for (const secret of privateTexts) if (lower.includes(secret.toLowerCase())) leaks.push(`${path} holds "${secret}"`);
      }
    }
    expect(leaks).toEqual([]);

    // The files that mirror a view hold exactly what the view shows.
    const byId = (items: Array<{ id: number }>) => [...items].sort((a, b) => a.id - b.id);
    const exported = files.get("notifications.json") as { notifications: Array<{ id: number }> };
    expect(byId(exported.notifications)).toEqual(byId(notifications.items));
    expect((files.get("reports.json") as { reports: unknown[] }).reports).toEqual(reports.items);
    expect(files.get("business-links.json")).toEqual(businessLinks);
  });

  it("names a deleted partner by no tombstone: the tombstone's name carries the internal id", async () => {
    const me = await member(USER_TYPE.escort);
    const partner = await member(USER_TYPE.client, { plus: true });
    await ok(partner.token, "POST", `/messenger/send/${me.username}`, { body: "Hallo, bis bald." });
    const dateId = await insertDate(rt, partner.id, me.id);
    // What account deletion leaves (ADR 026): an anonymous row whose name is "deleted:<id>".
    const tombstone = `deleted:${partner.id}`;
    await rt.deps.db
      .updateTable("users")
      .set({ status: "deleted", username: tombstone, username_key: tombstone, email: tombstone, email_key: tombstone })
      .where("id", "=", partner.id)
      .execute();
    const archive = await buildExportArchive(rt.deps.db, {} as MediaStorage, { userId: me.id, readme: "x", now: rt.clock.now() });
    const entries = await unzip(archive);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString("utf8")) as Record<string, Array<Record<string, unknown>>>;
    expect(json("messages.json").messages!.map((m) => [m.body, m.other])).toEqual([["Hallo, bis bald.", null]]);
    expect(json("dates.json").dates!.map((d) => [d.id, d.other])).toEqual([[dateId, null]]);
    for (const [name, bytes] of entries) if (name.endsWith(".json")) expect(bytes.toString("utf8"), name).not.toContain(tombstone);
  });
});
