/**
 * The notification kind "dollars" (issue 27's leftovers, item 2): money a member received (a tip, a gift) is filed
 * under it, on by default on every channel for every member (no stored row needed), switchable like the other kinds;
 * its line outside the site names the amount; migration 0079 moves the rows stored under the earlier kinds. Both DBs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationList } from "#server/contract/notifications";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_KINDS, type NotificationPreferences } from "#server/contract/settings";
import { USER_TYPE } from "#server/contract/users";
import { notificationDeclaration, notify, publishNotificationHints } from "#server/modules/notifications/index";
import * as m0079 from "#server/modules/notifications/migrations/0079_dollars_notification_kind";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
}

describe(`the notification kind "dollars" (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const call = <T>(token: string, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const jobsOf = async (userId: number, kind: string) =>
    (await rt.deps.db.selectFrom("jobs").select(["payload"]).where("kind", "=", kind).execute()).filter(
      (row) => (JSON.parse(row.payload) as { user_id: number }).user_id === userId,
    );

  it("tips and gifts received are declared under it; it is a kind of its own, on everywhere by default", () => {
    expect(notificationDeclaration(rt.deps, "tip_received").kind).toBe("dollars");
    expect(notificationDeclaration(rt.deps, "gift_received").kind).toBe("dollars");
    expect(NOTIFICATION_KINDS).toContain("dollars");
    expect(DEFAULT_NOTIFICATION_PREFERENCES.dollars).toEqual({ email: true, push: true, bar: true });
  });

  it("an existing member without rows for it gets it on every channel; the bar, push and a mail that names the amount", async () => {
    const receiver = await listedMember(rt, USER_TYPE.escort);
    const payer = await listedMember(rt, USER_TYPE.client);
    // A member who chose before "dollars" existed: stored rows for the other kinds only (favorites all off).
    expect((await call(receiver.token, "PUT", "/settings/notifications", { messages: { bar: true } })).status).toBe(200);
    await rt.deps.db.deleteFrom("notification_preferences").where("user_id", "=", receiver.id).where("kind", "=", "dollars").execute();
    const preferences = (await call<NotificationPreferences>(receiver.token, "GET", "/settings/notifications")).json.data!;
    expect(preferences.dollars).toEqual({ email: true, push: true, bar: true });
    expect(preferences.favorites).toEqual({ email: false, push: false, bar: false });

    const hints = await rt.deps.db.transaction().execute((trx) =>
      notify(rt.deps, trx, {
        userId: receiver.id,
        event: "tip_received",
        actorId: payer.id,
        params: { amount: "10" },
        url: "user/dollar",
      }),
    );
    // The popup's line names the amount (it said "{amount}" before the params reached it).
    expect(hints[0]?.event).toMatchObject({ type: "notification", kind: "dollars" });
    expect(JSON.stringify(hints[0]?.event)).toContain("10 Dollar Trinkgeld");
    await publishNotificationHints(rt.deps, hints);
    const listed = (await call<NotificationList>(receiver.token, "GET", "/notifications")).json.data!;
    expect(listed.items[0]).toMatchObject({ event: "tip_received", kind: "dollars", params: { amount: "10" } });
    expect(await jobsOf(receiver.id, "notification.push")).toHaveLength(1);
    expect(await jobsOf(receiver.id, "notification.email")).toHaveLength(1);
    await rt.jobs.runDue();
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["subject", "template"])
      .where("recipient", "=", receiver.email)
      .where("template", "=", "notification.tip_received")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain("10 Dollar Trinkgeld");
    expect(mail.subject).not.toContain("{amount}");
  });

  it("switched off in the bar, a gift received stores nothing there; another kind's switches do not govern it", async () => {
    const receiver = await listedMember(rt, USER_TYPE.client);
    const giver = await listedMember(rt, USER_TYPE.client);
    const everythingElseOn = Object.fromEntries(
      NOTIFICATION_KINDS.filter((kind) => kind !== "dollars").map((kind) => [kind, { bar: true, push: true, email: true }]),
    );
    expect((await call(receiver.token, "PUT", "/settings/notifications", { ...everythingElseOn, dollars: {} })).status).toBe(200);
    await rt.deps.db
      .transaction()
      .execute((trx) => notify(rt.deps, trx, { userId: receiver.id, event: "gift_received", actorId: giver.id }));
    expect((await call<NotificationList>(receiver.token, "GET", "/notifications")).json.data!.total).toBe(0);
    expect(await jobsOf(receiver.id, "notification.push")).toHaveLength(0);
    expect(await jobsOf(receiver.id, "notification.email")).toHaveLength(0);
  });

  it("migration 0079 moves stored tips (favorites) and gifts (news) to dollars and leaves other events alone", async () => {
    const member = await listedMember(rt, USER_TYPE.escort);
    const now = rt.clock.now();
    const row = (event: string, kind: string) => ({
      user_id: member.id,
      event: event as never,
      kind: kind as never,
      content_type: "info" as never,
      stickiness: "short" as never,
      actor_id: null,
      subject_type: null,
      subject_id: null,
      params: "{}",
      url: null,
      dedupe_key: null,
      read_at: null,
      created_at: now,
    });
    await rt.deps.db
      .insertInto("notifications")
      .values([row("tip_received", "favorites"), row("gift_received", "news"), row("favorited", "favorites")])
      .execute();
    await m0079.up(rt.deps.dialect)(rt.deps.db as never);
    const kinds = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "kind"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(kinds).toEqual([
      { event: "tip_received", kind: "dollars" },
      { event: "gift_received", kind: "dollars" },
      { event: "favorited", kind: "favorites" },
    ]);
  });
});
