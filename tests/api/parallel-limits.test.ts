/**
 * Every limit that counts rows before it inserts (issue 23 item 3, ADR 058), hit by 20 requests at once through the
 * real API: exactly the allowance is created, the rest is refused with the limit's 4xx. On PostgreSQL the requests
 * run side by side in READ COMMITTED, where a count taken before another request's insert committed lets both
 * through unless the two are serialized (server/db/locks.ts); on SQLite one transaction runs at a time.
 */
import { createECDH, randomBytes } from "node:crypto";
import { sql, type RawBuilder } from "kysely";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_LIST_LIMIT } from "#server/contract/blocks";
import { chartDayOf } from "#server/contract/dashboard";
import { DATE_OPEN_RECEIVED_MAX, DATE_OPEN_SENT_MAX, DATE_REQUESTS_PER_DAY, DATE_STATUS } from "#server/contract/dates";
import { FAVORITES_LIMIT } from "#server/contract/favorites";
import { FRIEND_OPEN_REQUESTS_MAX, FRIEND_RECEIVED_REQUESTS_MAX } from "#server/contract/friends";
import { SMS_USER_LIMIT } from "#server/contract/invites";
import { FIRST_CONTACTS_PER_DAY, FIRST_CONTACTS_RECEIVED_PER_DAY } from "#server/contract/messenger";
import { PUSH_SUBSCRIPTIONS_MAX } from "#server/contract/notifications";
import { TOURS_MAX_OPEN } from "#server/contract/tours";
import { USER_TYPE } from "#server/contract/users";
import { BUSINESS_ESCORTS_MAX } from "#server/contract/registration-steps";
import { PLUS_FREE_RISE_UPS_PER_MONTH, RISE_UP_HOURS } from "#server/contract/wallet";
import { dollarOperations } from "#server/modules/ledger/index";
import { monthStartOf } from "#server/modules/promotion/index";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { PASSWORD_RESET_LIMIT } from "#server/modules/auth/service";
import { REPORT_GUEST_LIMIT, REPORT_MEMBER_LIMIT } from "#server/modules/reports/service";
import { todayIn } from "#server/modules/tours/service";
import { callJson } from "../helpers/api-call";
import { freshIp } from "../helpers/auth";
import { BURST_SIZE, burst } from "../helpers/burst";
import { addBerlinProfile, createTestRuntime, createUser, signIn, TEST_DB, userRow, type TestRuntime } from "../helpers/runtime";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe(`row-counting limits under 20 parallel requests (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  type Quiet = { id: number; username: string };

  /** A signed-in member with a listed Berlin profile, registered a year ago (not a "new escort"). */
  async function member(userType: number = USER_TYPE.client) {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    await rt.deps.db
      .updateTable("users")
      .set({ created_at: rt.clock.now() - 365 * DAY })
      .where("id", "=", user.id)
      .execute();
    return signIn(rt, user, freshIp());
  }

  /** Listed members who never sign in, inserted in batches (hundreds are needed to stand just below a limit). */
  async function quiet(count: number, userType: number = USER_TYPE.escort): Promise<Quiet[]> {
    const tag = randomBytes(4).toString("hex");
    const now = rt.clock.now();
    const made: Quiet[] = [];
    for (let start = 0; start < count; start += 100) {
      const rows = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({
        ...userRow({ username: `q_${tag}_${start + i}`, passwordHash: "!unusable", userType, now }),
        created_at: now - 365 * DAY,
      }));
      const users = await rt.deps.db.insertInto("users").values(rows).returning(["id", "username"]).execute();
      await rt.deps.db
        .insertInto("profiles")
        .values(
          users.map((u) => ({
            user_id: u.id,
            display_name: u.username,
            city_name: "Berlin",
            city_slug: "berlin",
            country_code: "DE",
            region_code: "16",
            lat: 52.52,
            lon: 13.405,
            is_visible: 1,
            updated_at: now,
          })),
        )
        .execute();
      made.push(...users);
    }
    return made;
  }

  /** Quiet escorts with a price list (a date request picks a duration from it). */
  async function escortsWithPrices(count: number): Promise<Quiet[]> {
    const escorts = await quiet(count);
    await rt.deps.db
      .insertInto("profile_prices")
      .values(escorts.map((e) => ({ user_id: e.id, item_type: 1, duration_minutes: 60, name: null, price_eur: 200 })))
      .execute();
    return escorts;
  }

  /** The rows of `table` where `where` holds, counted afresh on each call. */
  const rows = (table: string, where: RawBuilder<unknown>) => async () =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(rt.deps.db)).rows[0]!.n,
    );

  const api = (token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson(rt, token, method, `/api/v2${path}`, body);
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  // --- date requests (ADR 046) -----------------------------------------------------------------------------------

  const dateBody = () => ({ starts_at: rt.clock.now() + 3 * HOUR, duration_minutes: 60, place_type: "hotel", address: "Hotel Adlon" });
  /** Requests made two days ago (outside the daily window), still open and waiting for `awaiting`. */
  async function openRequests(pairs: Array<[number, number]>, awaiting: "sender" | "receiver") {
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("dates")
      .values(
        pairs.map(([sender, receiver]) => ({
          sender_id: sender,
          receiver_id: receiver,
          status: DATE_STATUS.request,
          awaiting_id: awaiting === "sender" ? sender : receiver,
          starts_at: now + 5 * HOUR,
          duration_minutes: 60,
          place_type: "incall",
          price: 200,
          created_at: now - 2 * DAY,
          updated_at: now - 2 * DAY,
        })),
      )
      .execute();
  }

  it(`date requests: ${DATE_REQUESTS_PER_DAY} a day`, async () => {
    const client = await member();
    const escorts = await escortsWithPrices(BURST_SIZE);
    const outcome = await burst(
      (i) => api(client.token, "POST", `/dates/send/${escorts[i]!.username}`, dateBody()),
      rows("dates", sql`sender_id = ${client.id}`),
    );
    expect(outcome).toEqual({
      created: DATE_REQUESTS_PER_DAY,
      statuses: { 200: DATE_REQUESTS_PER_DAY, 429: BURST_SIZE - DATE_REQUESTS_PER_DAY },
    });
  });

  it(`date requests: ${DATE_OPEN_SENT_MAX} open`, async () => {
    const client = await member();
    const earlier = await escortsWithPrices(DATE_OPEN_SENT_MAX - 4);
    await openRequests(
      earlier.map((e) => [client.id, e.id]),
      "receiver",
    );
    const escorts = await escortsWithPrices(BURST_SIZE);
    const outcome = await burst(
      (i) => api(client.token, "POST", `/dates/send/${escorts[i]!.username}`, dateBody()),
      rows("dates", sql`sender_id = ${client.id}`),
    );
    expect(outcome).toEqual({ created: 4, statuses: { 200: 4, 429: BURST_SIZE - 4 } });
  });

  it(`date requests: ${DATE_OPEN_RECEIVED_MAX} waiting for one receiver`, async () => {
    const [escort] = await escortsWithPrices(1);
    const [asker] = await quiet(1, USER_TYPE.client);
    await openRequests(
      range(DATE_OPEN_RECEIVED_MAX - 5).map(() => [asker!.id, escort!.id]),
      "receiver",
    );
    const clients = await Promise.all(range(BURST_SIZE).map(() => member()));
    const outcome = await burst(
      (i) => api(clients[i]!.token, "POST", `/dates/send/${escort!.username}`, dateBody()),
      rows("dates", sql`receiver_id = ${escort!.id}`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });
  });

  // --- tours (ADR 028) -------------------------------------------------------------------------------------------

  it(`tours: ${TOURS_MAX_OPEN} open`, async () => {
    const escort = await member(USER_TYPE.escort);
    const day = (days: number) => todayIn(rt.clock.now() + days * DAY);
    const outcome = await burst(
      (i) => api(escort.token, "POST", "/tours", { city: "München", date_from: day(3 * i + 1), date_to: day(3 * i + 2) }),
      rows("tours", sql`user_id = ${escort.id}`),
    );
    expect(outcome).toEqual({ created: TOURS_MAX_OPEN, statuses: { 200: TOURS_MAX_OPEN, 409: BURST_SIZE - TOURS_MAX_OPEN } });
  });

  // --- event attendance (ADR 100) ---------------------------------------------------------------------------------

  it("event attendance: max_attendees accepted, however many accepts arrive at once", async () => {
    const MAX = 5;
    const organizer = await member();
    const guests = await Promise.all(range(BURST_SIZE).map(() => member()));
    const slug = `parallel-event-${TEST_DB}-${randomBytes(4).toString("hex")}`;
    const now = rt.clock.now();
    const event = await rt.deps.db
      .insertInto("events")
      .values({
        organizer_id: organizer.id,
        category: "motto-party",
        slug,
        title: "Voll besetzt",
        description: "Fünf Plätze.",
        status: 1,
        rejection_reason: null,
        starts_at: now + 2 * DAY,
        ends_at: now + 2 * DAY + 4 * HOUR,
        time_zone: "Europe/Berlin",
        city_id: 1,
        city_slug: "berlin",
        city_name: "Berlin",
        country_code: "DE",
        lat: 52.52,
        lon: 13.405,
        max_attendees: MAX,
        cover_media_id: null,
        created_at: now,
        submitted_at: now,
        updated_at: now,
        decided_at: now,
        cancelled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Twenty requests at once wait side by side (requests take no place).
    const requested = await burst(
      (i) => api(guests[i]!.token, "POST", `/events/${slug}/attendance`, { attendance: "attend" }),
      rows("event_attendances", sql`event_id = ${event.id}`),
    );
    expect(requested).toEqual({ created: BURST_SIZE, statuses: { 200: BURST_SIZE } });
    const outcome = await burst(
      (i) => api(organizer.token, "POST", `/events/${slug}/attendees/${guests[i]!.username}`, { decision: "accept" }),
      rows("event_attendances", sql`event_id = ${event.id} and accepted_at is not null`),
    );
    expect(outcome).toEqual({ created: MAX, statuses: { 200: MAX, 409: BURST_SIZE - MAX } });
    const count = await rt.deps.db.selectFrom("events").select("attendee_count").where("id", "=", event.id).executeTakeFirstOrThrow();
    expect(Number(count.attendee_count)).toBe(MAX);
  });

  // --- reports and notices (ADR 038) -----------------------------------------------------------------------------

  it(`reports: ${REPORT_MEMBER_LIMIT.limit} an hour per member`, async () => {
    const reporter = await member();
    const targets = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(reporter.token, "POST", "/reports", { kind: "profile", object_id: targets[i]!.id, type: "spam", good_faith: true }),
      rows("reports", sql`user_id = ${reporter.id}`),
    );
    const limit = REPORT_MEMBER_LIMIT.limit;
    expect(outcome).toEqual({ created: limit, statuses: { 202: limit, 429: BURST_SIZE - limit } });
  });

  it(`content removal notices: ${REPORT_GUEST_LIMIT.limit} an hour per address`, async () => {
    const ip = freshIp();
    const prefix = `https://velora.test/de/notice-${randomBytes(4).toString("hex")}/`;
    const notice = (i: number) =>
      rt.request("/api/v2/reports", {
        method: "POST",
        ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          kind: "page",
          url: `${prefix}${i}`,
          type: "spam",
          name: "Gast",
          email: `g${i}@example.com`,
          text: "Diese Seite verletzt meine Rechte, bitte entfernen.",
          good_faith: true,
        }),
      });
    const outcome = await burst(notice, rows("reports", sql`url like ${`${prefix}%`}`));
    const limit = REPORT_GUEST_LIMIT.limit;
    expect(outcome).toEqual({ created: limit, statuses: { 202: limit, 429: BURST_SIZE - limit } });
  });

  // --- messenger first contacts (ADR 043) ------------------------------------------------------------------------

  it(`messenger: a basic member's ${FIRST_CONTACTS_PER_DAY.basic} first contacts a day`, async () => {
    const client = await member();
    const escorts = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(client.token, "POST", `/messenger/send/${escorts[i]!.username}`, { body: "Hallo!" }),
      rows("messenger_first_contacts", sql`sender_id = ${client.id}`),
    );
    const limit = FIRST_CONTACTS_PER_DAY.basic;
    expect(outcome).toEqual({ created: limit, statuses: { 201: limit, 429: BURST_SIZE - limit } });
  });

  it(`messenger: ${FIRST_CONTACTS_RECEIVED_PER_DAY} first contacts a day from basic members to one recipient`, async () => {
    const [popular] = await quiet(1, USER_TYPE.client);
    const [earlier] = await quiet(1);
    await rt.deps.db
      .insertInto("messenger_first_contacts")
      .values(
        range(FIRST_CONTACTS_RECEIVED_PER_DAY - 5).map(() => ({
          sender_id: earlier!.id,
          recipient_id: popular!.id,
          sender_plus: 0,
          created_at: rt.clock.now() - 1000,
        })),
      )
      .execute();
    const senders = await Promise.all(range(BURST_SIZE).map(() => member(USER_TYPE.escort)));
    const outcome = await burst(
      (i) => api(senders[i]!.token, "POST", `/messenger/send/${popular!.username}`, { body: "Hallo!" }),
      rows("messenger_first_contacts", sql`recipient_id = ${popular!.id}`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 201: 5, 403: BURST_SIZE - 5 } });
  });

  // --- rise-ups (issue 27 item 3, ADR 084) ------------------------------------------------------------------------

  it(`rise-ups: one running at a time, the last of ${PLUS_FREE_RISE_UPS_PER_MONTH} free ones taken once, nothing paid twice`, async () => {
    const escort = await member(USER_TYPE.escort);
    await rt.deps.db
      .updateTable("users")
      .set({ is_member: 1, member_until: rt.clock.now() + 30 * DAY })
      .where("id", "=", escort.id)
      .execute();
    const granted = await spendDollars(rt.deps, {
      payer: escort.id,
      key: `grant-rise-${escort.id}`,
      operation: dollarOperations.grant(escort.id, 100),
    });
    expect(granted.status).toBe("succeeded");
    // All free rise-ups of the month but one are used (ended ones, earlier this month).
    const earlier = rt.clock.now() - 2 * HOUR - RISE_UP_HOURS * HOUR;
    if (monthStartOf(earlier) !== monthStartOf(rt.clock.now())) throw new Error("the test clock stands at a month's start");
    await rt.deps.db
      .insertInto("promotions")
      .values(
        range(PLUS_FREE_RISE_UPS_PER_MONTH - 1).map((i) => ({
          user_id: escort.id,
          type: "rise_up" as const,
          request_key: `earlier-${i}`,
          status: "accepted" as const,
          code: "plus_free" as const,
          price: 0,
          operation_id: null,
          starts_at: earlier,
          ends_at: earlier + RISE_UP_HOURS * HOUR,
          created_at: earlier,
        })),
      )
      .execute();
    const outcome = await burst(
      (i) => api(escort.token, "POST", "/promotions/rise-up", { key: `burst-rise-${escort.id}-${i}` }),
      rows("promotions", sql`user_id = ${escort.id} and status = 'accepted'`),
    );
    expect(outcome).toEqual({ created: 1, statuses: { 200: BURST_SIZE } });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(100);
    const codes = await rt.deps.db.selectFrom("promotions").select("code").where("user_id", "=", escort.id).execute();
    expect(codes.filter((row) => row.code === "already_running")).toHaveLength(BURST_SIZE - 1);
  });

  // --- friend requests (ADR 037) ---------------------------------------------------------------------------------

  /** Pending requests from `sender` to `receiver`, as rows. */
  async function pendingLinks(pairs: Array<[number, number]>) {
    const now = rt.clock.now();
    for (let start = 0; start < pairs.length; start += 100)
      await rt.deps.db
        .insertInto("friend_links")
        .values(
          pairs.slice(start, start + 100).map(([sender, receiver]) => ({
            sender_id: sender,
            receiver_id: receiver,
            pair_key: sender < receiver ? `${sender}:${receiver}` : `${receiver}:${sender}`,
            status: "pending" as const,
            accept_key: "a".repeat(43),
            deny_key: "d".repeat(43),
            requested_at: now,
            answered_at: null,
          })),
        )
        .execute();
  }

  it(`friend requests: ${FRIEND_OPEN_REQUESTS_MAX} open per sender`, async () => {
    const anna = await member();
    const earlier = await quiet(FRIEND_OPEN_REQUESTS_MAX - 5);
    await pendingLinks(earlier.map((q) => [anna.id, q.id]));
    const targets = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(anna.token, "POST", `/friends/request/${targets[i]!.username}`),
      rows("friend_links", sql`sender_id = ${anna.id} and status = 'pending'`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });
  });

  it(`friend requests: ${FRIEND_RECEIVED_REQUESTS_MAX} waiting for one receiver`, async () => {
    const [target] = await quiet(1);
    const earlier = await quiet(FRIEND_RECEIVED_REQUESTS_MAX - 5, USER_TYPE.client);
    await pendingLinks(earlier.map((q) => [q.id, target!.id]));
    const senders = await Promise.all(range(BURST_SIZE).map(() => member()));
    const outcome = await burst(
      (i) => api(senders[i]!.token, "POST", `/friends/request/${target!.username}`),
      rows("friend_links", sql`receiver_id = ${target!.id} and status = 'pending'`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });
  });

  // --- favorites and blocks (ADRs 036, 037) ----------------------------------------------------------------------

  it(`favorites: ${FAVORITES_LIMIT} per member`, async () => {
    const keeper = await member();
    const kept = await quiet(FAVORITES_LIMIT - 5);
    const now = rt.clock.now();
    for (let start = 0; start < kept.length; start += 200)
      await rt.deps.db
        .insertInto("favorites")
        .values(
          kept
            .slice(start, start + 200)
            .map((k) => ({ user_id: keeper.id, target_id: k.id, created_at: now, created_day: chartDayOf(now) })),
        )
        .execute();
    const targets = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(keeper.token, "POST", `/favorites/${targets[i]!.username}`),
      rows("favorites", sql`user_id = ${keeper.id}`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });
  });

  it(`blocks: ${BLOCK_LIST_LIMIT} per member`, async () => {
    const blocker = await member();
    const blocked = await quiet(BLOCK_LIST_LIMIT - 5);
    const now = rt.clock.now();
    for (let start = 0; start < blocked.length; start += 200)
      await rt.deps.db
        .insertInto("blocks")
        .values(blocked.slice(start, start + 200).map((b) => ({ blocker_id: blocker.id, blocked_id: b.id, created_at: now })))
        .execute();
    const targets = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(blocker.token, "POST", `/block/${targets[i]!.username}`),
      rows("blocks", sql`blocker_id = ${blocker.id}`),
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });
  });

  it(`a business's named escorts: each save replaces the list (at most ${BUSINESS_ESCORTS_MAX})`, async () => {
    const business = await member(USER_TYPE.business);
    const escorts = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(business.token, "PUT", "/registration/business/escorts", { usernames: [escorts[i]!.username] }),
      rows("business_escorts", sql`business_user_id = ${business.id} and status in ('pending', 'accepted')`),
    );
    // Twenty lists of one escort, saved one after the other: the last one stays.
    expect(outcome).toEqual({ created: 1, statuses: { 200: BURST_SIZE } });
  });

  it(`a business's requests on linked_profiles: at most ${BUSINESS_ESCORTS_MAX} named, one request per escort (ADR 069)`, async () => {
    const business = await member(USER_TYPE.business);
    await rt.deps.db.updateTable("users").set({ business_kind: "agency" }).where("id", "=", business.id).execute();
    const listed = await quiet(BUSINESS_ESCORTS_MAX - 5);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("business_escorts")
      .values(
        listed.map((e, position) => ({
          business_user_id: business.id,
          escort_user_id: e.id,
          position,
          created_at: now,
          status: "accepted",
          decided_at: now,
        })),
      )
      .execute();
    const named = rows("business_escorts", sql`business_user_id = ${business.id} and status in ('pending', 'accepted')`);
    const targets = await quiet(BURST_SIZE);
    const outcome = await burst(
      (i) => api(business.token, "POST", "/user/business-links/escorts", { username: targets[i]!.username }),
      named,
    );
    expect(outcome).toEqual({ created: 5, statuses: { 200: 5, 409: BURST_SIZE - 5 } });

    // Twenty requests to one escort at once: one request.
    await rt.deps.db.deleteFrom("business_escorts").where("business_user_id", "=", business.id).execute();
    const [escort] = await quiet(1);
    const same = await burst(() => api(business.token, "POST", "/user/business-links/escorts", { username: escort!.username }), named);
    expect(same).toEqual({ created: 1, statuses: { 200: 1, 409: BURST_SIZE - 1 } });
  });

  // --- the member's own data and devices -------------------------------------------------------------------------

  it("data exports: one a day", async () => {
    const owner = await member();
    const outcome = await burst(() => api(owner.token, "POST", "/user/data-export"), rows("data_exports", sql`user_id = ${owner.id}`));
    expect(outcome).toEqual({ created: 1, statuses: { 202: 1, 409: BURST_SIZE - 1 } });
  });

  it(`push subscriptions: ${PUSH_SUBSCRIPTIONS_MAX} devices per member`, async () => {
    rt.deps.config.vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@velora.test" };
    const owner = await member();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    const outcome = await burst(
      (i) => api(owner.token, "POST", "/notifications/push", { endpoint: `https://fcm.googleapis.com/fcm/send/${owner.id}-${i}`, keys }),
      rows("push_subscriptions", sql`user_id = ${owner.id}`),
    );
    expect(outcome).toEqual({ created: PUSH_SUBSCRIPTIONS_MAX, statuses: { 200: BURST_SIZE } });
  });

  it(`e-mail changes: 3 an hour, one open`, async () => {
    const owner = await member();
    const outcome = await burst(
      (i) => api(owner.token, "PUT", "/settings/email", { email: `new-${owner.id}-${i}@example.test`, current_password: owner.password }),
      rows("email_changes", sql`user_id = ${owner.id}`),
    );
    expect(outcome).toEqual({ created: 3, statuses: { 200: 3, 429: BURST_SIZE - 3 } });
    expect(await rows("email_changes", sql`user_id = ${owner.id} and closed_at is null`)()).toBe(1);
  });

  it("account deletions: one open request", async () => {
    const owner = await member();
    const outcome = await burst(
      () => api(owner.token, "POST", "/user/delete", { current_password: owner.password }),
      rows("account_deletions", sql`user_id = ${owner.id} and closed_at is null`),
    );
    expect(outcome.created).toBe(1);
    // Whether a request gets past the current-password limit depends on timing (a right password gives its hit
    // back), so the split of 202 and 429 varies; nothing else is answered.
    expect((outcome.statuses[202] ?? 0) + (outcome.statuses[429] ?? 0)).toBe(BURST_SIZE);
    expect(outcome.statuses[202]).toBeGreaterThanOrEqual(1);
  });

  it(`password reset mails: ${PASSWORD_RESET_LIMIT.limit} an hour per address`, async () => {
    const owner = await createUser(rt);
    const outcome = await burst(
      () =>
        rt.request("/api/v2/registration/password/forgot", {
          method: "POST",
          ip: freshIp(),
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: owner.email }),
        }),
      rows("password_resets", sql`user_id = ${owner.id}`),
    );
    expect(outcome).toEqual({ created: PASSWORD_RESET_LIMIT.limit, statuses: { 202: BURST_SIZE } });
  });

  it(`phone verification SMS: ${SMS_USER_LIMIT.limit} an hour per member`, async () => {
    const owner = await member();
    const outcome = await burst(
      (i) => api(owner.token, "POST", "/registration/sms/send", { country_code: 49, phone: `0151${String(7000000 + owner.id * 100 + i)}` }),
      rows("sms_verifications", sql`user_id = ${owner.id}`),
    );
    expect(outcome).toEqual({
      created: SMS_USER_LIMIT.limit,
      statuses: { 200: SMS_USER_LIMIT.limit, 429: BURST_SIZE - SMS_USER_LIMIT.limit },
    });
  });
});
