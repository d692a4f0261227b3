import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FriendList } from "#server/contract/friends";
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_RETENTION_DAYS,
  type AnnouncementList,
  type NotificationChange,
  type NotificationList,
  type NotificationSummary,
} from "#server/contract/notifications";
import type { RealtimeEnvelope } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { recordProfileVisit } from "#server/modules/favorites/visits";
import { decideText } from "#server/modules/moderation/service";
import { notify } from "#server/modules/notifications/index";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { teamMemberOf } from "../../helpers/moderation";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}
type Member = Awaited<ReturnType<typeof listedMember>>;

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`notification centre (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const published: RealtimeEnvelope[] = [];
  beforeAll(async () => {
    rt = await createTestRuntime();
    rt.deps.bus.subscribe((envelope) => published.push(envelope));
  });
  afterAll(() => rt.close());

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }
  const list = (m: Member, query = "") => call<NotificationList>(m.token, "GET", `/notifications${query}`);
  const summary = (m: Member) => call<NotificationSummary>(m.token, "GET", "/notifications/summary");
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  async function jobsOf(userId: number, kind: string) {
    const rows = await rt.deps.db.selectFrom("jobs").select(["payload"]).where("kind", "=", kind).execute();
    return rows.filter((row) => (JSON.parse(row.payload) as { user_id: number }).user_id === userId);
  }

  async function befriendRequest(from: Member, to: Member) {
    const asked = await call(from.token, "POST", `/friends/request/${to.username}`);
    expect(asked.status).toBe(200);
  }

  it("a friend request tells the receiver in the bar, by push, with a realtime hint after the commit; nobody else", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.escort);
    await befriendRequest(a, b);
    await settle();
    const got = await list(b);
    expect(got.status).toBe(200);
    expect(got.json.data?.unread).toBe(1);
    const item = got.json.data!.items[0]!;
    expect(item).toMatchObject({
      event: "friend_request",
      kind: "friend_requests",
      content_type: "request",
      stickiness: "long",
      actor: { username: a.username, display_name: `Name ${a.username}` },
      url: "user/friends?tab=received",
      read_at: null,
    });
    // The sender has none; the hint went to the receiver only, with the line in their language.
    expect((await list(a)).json.data?.total).toBe(0);
    const hint = published.find((e) => e.event.type === "notification" && e.to[0] === b.id);
    expect(hint?.to).toEqual([b.id]);
    expect(hint?.event).toMatchObject({
      type: "notification",
      id: item.id,
      stickiness: "long",
      title: `Name ${a.username} möchte mit dir befreundet sein`,
    });
    // Default channels for friend requests: push yes, e-mail no.
    expect(await jobsOf(b.id, "notification.push")).toHaveLength(1);
    expect(await jobsOf(b.id, "notification.email")).toHaveLength(0);
    // Accepting tells the asker.
    const received = await call<FriendList>(b.token, "GET", "/friends?type=received");
    const link = received.json.data!.items[0]!;
    expect((await call(b.token, "POST", "/friends/accept", { link_id: link.link_id, key: link.accept_key })).status).toBe(200);
    expect((await list(a)).json.data?.items[0]).toMatchObject({ event: "friend_accepted", actor: { username: b.username } });
  });

  it("honours the member's choices: bar off stores nothing, e-mail on mails once through the job", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.escort);
    expect((await call(b.token, "PUT", "/settings/notifications", { friend_requests: { email: true } })).status).toBe(200);
    await befriendRequest(a, b);
    expect((await list(b)).json.data?.total).toBe(0);
    expect(await jobsOf(b.id, "notification.push")).toHaveLength(0);
    expect(await jobsOf(b.id, "notification.email")).toHaveLength(1);
    await rt.jobs.runDue();
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body", "template"])
      .where("recipient", "=", b.email)
      .executeTakeFirstOrThrow();
    expect(mail.template).toBe("notification.friend_request");
    expect(mail.subject).toBe(`Name ${a.username} möchte mit dir befreundet sein`);
    expect(mail.text_body).toContain("http://velora.test/de/user/friends?tab=received");
  });

  it("lists unread first, then newest, 20 a page; marks read and unread, all read, deletes", async () => {
    const me = await listedMember(rt, USER_TYPE.escort);
    const actor = await listedMember(rt, USER_TYPE.client);
    // 22 notifications through the service itself (the first test follows a friend request end to end): 22 members
    // signing up each made this test take 10 s, and 20 s under load.
    for (let i = 0; i < NOTIFICATION_PAGE_SIZE + 2; i++) {
      rt.clock.advance(1000);
      await notify(rt.deps, rt.deps.db, { userId: me.id, event: "friend_request", actorId: actor.id, params: { n: String(i) } });
    }
    const first = await list(me);
    expect(first.json.data).toMatchObject({ total: NOTIFICATION_PAGE_SIZE + 2, unread: NOTIFICATION_PAGE_SIZE + 2, page_size: 20 });
    expect(first.json.data!.items).toHaveLength(20);
    expect(first.json.data!.items[0]!.actor?.username).toBe(actor.username);
    // Newest first.
    expect(first.json.data!.items.map((item) => item.params.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(NOTIFICATION_PAGE_SIZE + 1 - i)),
    );
    const second = await list(me, "?page=2");
    expect(second.json.data!.items).toHaveLength(2);
    // Reading the newest moves it behind every unread one.
    const newest = first.json.data!.items[0]!;
    const read = await call<NotificationChange>(me.token, "PUT", `/notifications/${newest.id}/read`, { read: true });
    expect(read.json.data).toEqual({ unread: NOTIFICATION_PAGE_SIZE + 1, changed: 1 });
    const after = await list(me);
    expect(after.json.data!.items[0]!.id).not.toBe(newest.id);
    expect((await list(me, "?page=2")).json.data!.items.at(-1)!.id).toBe(newest.id);
    expect((await list(me, "?filter=unread")).json.data!.total).toBe(NOTIFICATION_PAGE_SIZE + 1);
    const bell = await summary(me);
    expect(bell.json.data!.latest).toHaveLength(8);
    expect(bell.json.data!.unread).toBe(NOTIFICATION_PAGE_SIZE + 1);
    // Unread again, then all read.
    expect((await call<NotificationChange>(me.token, "PUT", `/notifications/${newest.id}/read`, { read: false })).json.data?.unread).toBe(
      NOTIFICATION_PAGE_SIZE + 2,
    );
    expect((await call<NotificationChange>(me.token, "POST", "/notifications/read-all")).json.data).toEqual({
      unread: 0,
      changed: NOTIFICATION_PAGE_SIZE + 2,
    });
    const deleted = await call<NotificationChange>(me.token, "DELETE", `/notifications/${newest.id}`);
    expect(deleted.json.data?.changed).toBe(1);
    expect((await list(me)).json.data!.total).toBe(NOTIFICATION_PAGE_SIZE + 1);
    expect((await call(me.token, "DELETE", `/notifications/${newest.id}`)).status).toBe(404);
  });

  it("never lists a read notification past the retention; the list prunes them from storage once a day (ADR 154)", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.escort);
    const c = await listedMember(rt, USER_TYPE.client);
    await befriendRequest(a, b);
    await befriendRequest(c, b);
    await settle();
    // The first list of the day prunes (nothing yet).
    const fresh = (await list(b)).json.data!;
    expect(fresh).toMatchObject({ total: 2, unread: 2 });
    const [older, newer] = fresh.items.map((item) => item.id).sort((x, y) => x - y);
    const stale = rt.clock.now() - (NOTIFICATION_RETENTION_DAYS * DAY_MS + 1);
    // One read and past the retention, one unread and as old: unread ones are kept for good.
    await rt.deps.db.updateTable("notifications").set({ read_at: rt.clock.now(), created_at: stale }).where("id", "=", older!).execute();
    await rt.deps.db.updateTable("notifications").set({ created_at: stale }).where("id", "=", newer!).execute();
    const stored = () => rt.deps.db.selectFrom("notifications").select("id").where("user_id", "=", b.id).execute();
    for (const query of ["", "?filter=unread"]) {
      const listed = (await list(b, query)).json.data!;
      expect(listed, query).toMatchObject({ total: 1, unread: 1 });
      expect(listed.items.map((item) => item.id)).toEqual([newer]);
    }
    // Pruned today already: still stored until the next day's first list, which removes it.
    expect((await stored()).map((row) => row.id).sort((x, y) => x - y)).toEqual([older, newer]);
    const toMidnight = DAY_MS - (rt.clock.now() % DAY_MS) + 1;
    rt.clock.advance(toMidnight);
    try {
      expect((await list(b)).json.data).toMatchObject({ total: 1, unread: 1 });
      expect((await stored()).map((row) => row.id)).toEqual([newer]);
    } finally {
      rt.clock.advance(-toMidnight);
    }
  });

  it("another member's notification answers 404 to read, unread and delete, and stays untouched", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.escort);
    const intruder = await listedMember(rt, USER_TYPE.client);
    await befriendRequest(a, b);
    const id = (await list(b)).json.data!.items[0]!.id;
    for (const [method, path, body] of [
      ["PUT", `/notifications/${id}/read`, { read: true }],
      ["PUT", `/notifications/${id}/read`, { read: false }],
      ["DELETE", `/notifications/${id}`, undefined],
    ] as const) {
      const answer = await call(intruder.token, method, path, body);
      expect(answer.status).toBe(404);
      expect(answer.json.errors?.[0]?.key).toBe("exception.notifications.not_found");
    }
    expect((await list(b)).json.data!.items[0]).toMatchObject({ id, read_at: null });
    expect((await call(undefined, "GET", "/notifications")).status).toBe(401);
    expect((await call(b.token, "PUT", "/notifications/abc/read", { read: true })).status).toBe(404);
    expect((await call(b.token, "PUT", `/notifications/${id}/read`, { read: "yes" })).status).toBe(400);
    expect((await call(b.token, "GET", "/notifications?page=0")).status).toBe(400);
  });

  it("a block hides the blocked member's notifications", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.escort);
    await befriendRequest(a, b);
    expect((await list(b)).json.data!.total).toBe(1);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: b.id, blocked_id: a.id, created_at: rt.clock.now() }).execute();
    expect((await list(b)).json.data).toMatchObject({ total: 0, unread: 0 });
  });

  it("favorites and visitors name the other member only for plus members, once per member and day", async () => {
    const fan = await listedMember(rt, USER_TYPE.client);
    const star = await listedMember(rt, USER_TYPE.escort);
    expect((await call(star.token, "PUT", "/settings/notifications", { favorites: { bar: true }, visitors: { bar: true } })).status).toBe(
      200,
    );
    await call(fan.token, "POST", `/favorites/${star.username}`);
    await call(fan.token, "DELETE", `/favorites/${star.username}`);
    await call(fan.token, "POST", `/favorites/${star.username}`);
    await recordProfileVisit(rt.deps, { ownerId: star.id, viewerId: fan.id, viewerType: USER_TYPE.client });
    await recordProfileVisit(rt.deps, { ownerId: star.id, viewerId: fan.id, viewerType: USER_TYPE.client });
    const items = (await list(star)).json.data!.items;
    expect(items.map((i) => i.event).sort()).toEqual(["favorited", "visited"]);
    expect(items.every((i) => i.actor === null)).toBe(true);
    // With plus, the next day's favorite and visit name the fan.
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", star.id).execute();
    // The next Berlin day (the session stays within its 24 hours).
    rt.clock.advance(13 * 60 * 60 * 1000);
    await call(fan.token, "DELETE", `/favorites/${star.username}`);
    await call(fan.token, "POST", `/favorites/${star.username}`);
    await recordProfileVisit(rt.deps, { ownerId: star.id, viewerId: fan.id, viewerType: USER_TYPE.client });
    const next = (await list(star)).json.data!.items;
    expect(next).toHaveLength(4);
    expect(
      next
        .filter((i) => i.actor?.username === fan.username)
        .map((i) => i.event)
        .sort(),
    ).toEqual(["favorited", "visited"]);
  });

  it("a moderation decision tells the owner in the bar once (an acceptance's mail follows the e-mail switch, a refusal's statement mail always goes)", async () => {
    const owner = await listedMember(rt, USER_TYPE.escort);
    const staff = await teamMemberOf(rt);
    const change = async (field: string) =>
      (
        await rt.deps.db
          .insertInto("profile_text_changes")
          .values({ user_id: owner.id, field, value: `Neu: ${field}`, created_at: rt.clock.now() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    expect((await call(owner.token, "PUT", "/settings/notifications", { moderation: { bar: true } })).status).toBe(200);
    await decideText(rt.deps, staff, await change("status"), null);
    await decideText(rt.deps, staff, await change("description"), "terms");
    await rt.jobs.runDue();
    // The refusal is one line, its statement's, naming the field and the reason (ADR 110's follow-up).
    const items = (await list(owner)).json.data!.items;
    expect(items.map((item) => item.event).sort()).toEqual(["moderation_accepted", "statement_issued"]);
    expect(items.find((item) => item.event === "statement_issued")).toMatchObject({
      content_type: "alert",
      stickiness: "permanent",
      actor: null,
      params: { item: "description", reason: "terms", reference: expect.stringMatching(/^S-\d{6}$/) },
    });
    // E-mail off: no acceptance mail; the statement of reasons is a legal notice and is mailed anyway.
    const mails = await rt.deps.db.selectFrom("mail_outbox").select("template").where("recipient", "=", owner.email).execute();
    expect(mails.map((mail) => mail.template)).toEqual(["statement_issued"]);
  });

  it("announcements: active ones in the language (German as fallback), dismissed per member or by the guest's ids", async () => {
    const now = rt.clock.now();
    const rows = await rt.deps.db
      .insertInto("announcements")
      .values([
        {
          severity: "info",
          text_de: "Wartung heute Nacht",
          text_en: "Maintenance tonight",
          url: null,
          starts_at: now - 1000,
          ends_at: now + 60_000,
          created_at: now,
        },
        { severity: "critical", text_de: "Nur deutsch", url: "about/safety", starts_at: now - 1000, ends_at: null, created_at: now },
        { severity: "info", text_de: "Vorbei", starts_at: now - 10_000, ends_at: now - 1, created_at: now },
        { severity: "info", text_de: "Später", starts_at: now + 10_000, ends_at: null, created_at: now },
      ])
      .returning("id")
      .execute();
    const guest = await call<AnnouncementList>(undefined, "GET", "/definitions/announcements?lang=en");
    expect(guest.status).toBe(200);
    expect(guest.json.data!.items.map((i) => i.text)).toEqual(["Nur deutsch", "Maintenance tonight"]);
    const cookie = await call<AnnouncementList>(undefined, "GET", `/definitions/announcements?lang=de&dismissed=${rows[1]!.id}`);
    expect(cookie.json.data!.items.map((i) => i.text)).toEqual(["Wartung heute Nacht"]);
    const m = await listedMember(rt, USER_TYPE.client);
    expect((await call(m.token, "POST", `/announcements/${rows[0]!.id}/dismiss`)).status).toBe(200);
    const mine = await call<AnnouncementList>(m.token, "GET", "/definitions/announcements?lang=de");
    expect(mine.json.data!.items.map((i) => i.id)).toEqual([rows[1]!.id]);
    expect((await call(m.token, "POST", "/announcements/99999999/dismiss")).status).toBe(404);
    expect((await call(undefined, "GET", "/definitions/announcements?lang=xx")).status).toBe(400);
    // Only staff create them.
    const body = { severity: "warning", text_de: "Neu", days: 3 };
    expect((await call(m.token, "POST", "/backoffice/announcements", body)).status).toBe(403);
  });
});
