/**
 * The newsfeed (issue 28 item 5, ADR 095): the four tabs as guest and as member, the gallery's visibility rules
 * (blocks, members-only profiles, visibility levels), scheduled media, locked paid media, bundles, cursor paging, and
 * the trending job's scores (the same on every run of a slot).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_STATUS, NEWSFEED_PAGE_SIZE } from "#server/contract/creators";
import type { NewsfeedPage } from "#server/contract/newsfeed";
import { TRENDING_INTERVAL_MS } from "#server/contract/newsfeed";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { isValidMediaGrant } from "#server/modules/media/images";
import { refreshTrending } from "#server/modules/newsfeed/index";
import { trendingSlotOf } from "#server/modules/newsfeed/trending";
import { addBerlinProfile, createTestRuntime, createUser, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const HOUR = 60 * 60 * 1000;

/**
 * A real ledger operation for a purchase row these tests write directly (the newsfeed reads purchases, it does not
 * make them; the purchase rows reference the ledger).
 */
let operationCount = 0;
async function ledgerOperationOf(rt: TestRuntime): Promise<number> {
  const operation = dollarOperations.grant(1, 1);
  const result = await postOperation(rt.deps, {
    key: `newsfeed-test:${++operationCount}`,
    kind: operation.kind,
    currency: "dollar",
    actorId: null,
    reference: null,
    transfers: operation.transfers,
  });
  return result.operationId!;
}

describe(`newsfeed (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  let seq = 0;
  async function medium(
    ownerId: number,
    options: {
      visibility?: string;
      access?: "open" | "fans" | "ppv";
      price?: number | null;
      publishAt?: number | null;
      status?: number;
    } = {},
  ) {
    seq += 1;
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility: options.visibility ?? "public",
        status: options.status ?? 1,
        storage_key: `newsfeed-test/${TEST_DB}-${seq}`,
        mime_type: "image/jpeg",
        width: 800,
        height: 600,
        bytes: 1000,
        position: seq,
        created_at: rt.clock.now(),
        variant_widths: null,
        duration_ms: null,
        watermark: null,
        access: options.access ?? "open",
        price: options.price ?? (options.access === "ppv" ? 7 : null),
        publish_at: options.publishAt ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Each item a millisecond apart: the feed's order is their order.
    rt.clock.advance(1);
    return row.id;
  }

  async function bundle(creatorId: number, options: { status?: number; active?: boolean; deleted?: boolean; media?: number[] } = {}) {
    const now = rt.clock.now();
    const row = await rt.deps.db
      .insertInto("bundles")
      .values({
        creator_id: creatorId,
        title: `Bundle ${++seq}`,
        price: 12,
        status: options.status ?? BUNDLE_STATUS.accepted,
        is_active: options.active === false ? 0 : 1,
        created_at: now,
        updated_at: now,
        published_at: now,
        decided_at: now,
        deleted_at: options.deleted ? now : null,
        rejection_reason: null,
        cover_media_id: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    let position = 0;
    for (const mediaId of options.media ?? []) {
      await rt.deps.db.insertInto("bundle_items").values({ bundle_id: row.id, media_id: mediaId, position: position++ }).execute();
    }
    rt.clock.advance(1);
    return row.id;
  }

  async function feed(token: string | undefined, query = "") {
    const response = await rt.request(`/api/v2/newsfeed${query}`, { token });
    const body = (await response.json()) as { data: NewsfeedPage; errors?: Array<{ key: string }> };
    return { status: response.status, body };
  }

  /** Every item of a tab, following the cursor to the end. */
  async function all(token: string | undefined, tab = "all") {
    const items: NewsfeedPage["items"] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const { status, body } = await feed(token, `?tab=${tab}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      items.push(...body.data.items);
      cursor = body.data.next_cursor;
      if (!cursor) break;
    }
    return items;
  }
  const keys = (items: NewsfeedPage["items"]) => items.map((item) => `${item.type}:${item.id}`);

  async function block(blocker: number, blocked: number) {
    await rt.deps.db.insertInto("blocks").values({ blocker_id: blocker, blocked_id: blocked, created_at: rt.clock.now() }).execute();
  }
  async function favorite(userId: number, targetId: number) {
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("favorites")
      .values({ user_id: userId, target_id: targetId, created_at: now, created_day: "2026-01-01" })
      .execute();
  }

  /** Each test its own world: the tables the feed reads start empty. */
  async function clean() {
    for (const table of [
      "newsfeed_trending",
      "bundle_items",
      "bundle_purchases",
      "bundles",
      "medium_purchases",
      "tips",
      "favorites",
      "blocks",
      "media",
    ] as const)
      await rt.deps.db.deleteFrom(table).execute();
  }

  it("all tab: guests see open media of guest-visible profiles; members also logged-in media and members-only profiles, never across a block", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const hidden = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    await rt.deps.db.updateTable("profiles").set({ members_only: 1 }).where("user_id", "=", hidden.id).execute();
    const blocker = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const other = await listedMemberWith(rt, { userType: USER_TYPE.client });

    const open = await medium(escort.id);
    const loggedIn = await medium(escort.id, { visibility: "logged_in" });
    const privatePhoto = await medium(escort.id, { visibility: "private" });
    const pending = await medium(escort.id, { status: 0 });
    const membersOnly = await medium(hidden.id);
    const blocked = await medium(blocker.id);
    await block(blocker.id, viewer.id);

    const guest = keys(await all(undefined));
    expect(guest).toContain(`media:${open}`);
    expect(guest).toContain(`media:${blocked}`);
    for (const absent of [loggedIn, privatePhoto, pending, membersOnly]) expect(guest).not.toContain(`media:${absent}`);

    const member = keys(await all(viewer.token));
    expect(member).toEqual(expect.arrayContaining([`media:${open}`, `media:${loggedIn}`, `media:${membersOnly}`]));
    // A block in either direction hides the blocker's media from the blocked member (and the other way round)…
    expect(member).not.toContain(`media:${blocked}`);
    for (const absent of [privatePhoto, pending]) expect(member).not.toContain(`media:${absent}`);
    // …and from nobody else: another member sees them.
    expect(keys(await all(other.token))).toContain(`media:${blocked}`);
    // Newest first.
    expect(member.indexOf(`media:${loggedIn}`)).toBeLessThan(member.indexOf(`media:${open}`));
  });

  it("shows a scheduled medium only from its publish_at on, in its place by that time", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const scheduled = await medium(escort.id, { publishAt: rt.clock.now() + 2 * HOUR });
    const now = await medium(escort.id);
    for (const token of [undefined, viewer.token]) expect(keys(await all(token))).not.toContain(`media:${scheduled}`);
    rt.clock.advance(2 * HOUR);
    const later = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const items = keys(await all(later.token));
    expect(items).toContain(`media:${scheduled}`);
    // Published after the other one: above it.
    expect(items.indexOf(`media:${scheduled}`)).toBeLessThan(items.indexOf(`media:${now}`));
    expect(keys(await all(undefined))).toContain(`media:${scheduled}`);
  });

  it("locks paid media the viewer may not open (no image, the price), opens what they bought; bundles: accepted, active, not deleted", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const buyer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const open = await medium(escort.id);
    const ppv = await medium(escort.id, { access: "ppv", price: 9 });
    const fans = await medium(escort.id, { access: "fans" });
    const accepted = await bundle(escort.id, { media: [fans] });
    const pending = await bundle(escort.id, { status: BUNDLE_STATUS.pending });
    const inactive = await bundle(escort.id, { active: false });
    const deleted = await bundle(escort.id, { deleted: true });

    const guest = await all(undefined);
    const byKey = new Map(guest.map((item) => [`${item.type}:${item.id}`, item]));
    expect(byKey.get(`media:${open}`)).toMatchObject({ locked: false, access: "open", price: null });
    expect(byKey.get(`media:${open}`)!.image?.path).toMatch(/^\/media\//);
    expect(byKey.get(`media:${ppv}`)).toMatchObject({ locked: true, access: "ppv", price: 9, image: null });
    // Its blurred preview, never a real variant.
    expect(byKey.get(`media:${ppv}`)!.preview!.path).toMatch(/^\/media\/[0-9a-f]{32}\/preview\.jpg$/);
    expect(byKey.get(`media:${open}`)!.preview).toBeNull();
    expect(byKey.get(`media:${fans}`)).toMatchObject({ locked: true, access: "fans", price: null, image: null });
    expect(byKey.get(`bundle:${accepted}`)).toMatchObject({ locked: true, price: 12, item_count: 1, owner: { username: escort.username } });
    for (const absent of [pending, inactive, deleted]) expect(byKey.has(`bundle:${absent}`)).toBe(false);

    // The buyer bought the pay-per-view medium and the bundle (which holds the fans-only medium).
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("medium_purchases")
      .values({
        medium_id: ppv,
        buyer_id: buyer.id,
        creator_id: escort.id,
        price: 9,
        operation_id: await ledgerOperationOf(rt),
        idempotency_key: `np-${TEST_DB}-${now}`,
        created_at: now,
      })
      .execute();
    await rt.deps.db
      .insertInto("bundle_purchases")
      .values({
        bundle_id: accepted,
        buyer_id: buyer.id,
        creator_id: escort.id,
        price: 12,
        operation_id: await ledgerOperationOf(rt),
        idempotency_key: `nb-${TEST_DB}-${now}`,
        created_at: now,
      })
      .execute();
    const bought = new Map((await all(buyer.token)).map((item) => [`${item.type}:${item.id}`, item]));
    expect(bought.get(`media:${ppv}`)).toMatchObject({ locked: false });
    // What opens only for the buyer carries a grant bound to them (the file route asks for it); open media none.
    const boughtImage = bought.get(`media:${ppv}`)!.image!;
    const publicId = boughtImage.path.split("/")[2]!;
    const grantValue = new URLSearchParams(boughtImage.grant).get("g") ?? undefined;
    expect(isValidMediaGrant(rt.deps.config.appSecret, publicId, grantValue, rt.clock.now(), buyer.id)).toBe(true);
    expect(isValidMediaGrant(rt.deps.config.appSecret, publicId, grantValue, rt.clock.now())).toBe(false);
    expect(bought.get(`media:${open}`)!.image!.grant).toBeUndefined();
    expect(bought.get(`media:${fans}`)).toMatchObject({ locked: false });
    expect(bought.get(`bundle:${accepted}`)).toMatchObject({ locked: false });
    // The owner opens their own.
    const own = new Map((await all(escort.token)).map((item) => [`${item.type}:${item.id}`, item]));
    expect(own.get(`media:${ppv}`)).toMatchObject({ locked: false });
  });

  it("exclusive tab: fans-only and pay-per-view media and bundles only", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const open = await medium(escort.id);
    const ppv = await medium(escort.id, { access: "ppv" });
    const fans = await medium(escort.id, { access: "fans" });
    const pack = await bundle(escort.id);
    for (const token of [undefined, viewer.token]) {
      const items = keys(await all(token, "exclusive"));
      expect(items.sort()).toEqual([`bundle:${pack}`, `media:${fans}`, `media:${ppv}`].sort());
      expect(items).not.toContain(`media:${open}`);
    }
  });

  it("favorites tab: a guest is asked to log in; a member sees the profiles they keep, or the empty state", async () => {
    await clean();
    const kept = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const notKept = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const keptMedium = await medium(kept.id);
    const keptBundle = await bundle(kept.id);
    await medium(notKept.id);

    const guest = await feed(undefined, "?tab=favorites");
    expect(guest.status).toBe(200);
    expect(guest.body.data).toMatchObject({ tab: "favorites", items: [], login_required: true, next_cursor: null });

    const before = await feed(viewer.token, "?tab=favorites");
    expect(before.body.data).toMatchObject({ items: [], login_required: false, empty: "exception.newsfeed.no_favorites_yet" });

    await favorite(viewer.id, kept.id);
    expect(keys(await all(viewer.token, "favorites")).sort()).toEqual([`bundle:${keptBundle}`, `media:${keptMedium}`].sort());
    // Another member's favorites are theirs: this viewer's list does not leak into theirs.
    const other = await listedMemberWith(rt, { userType: USER_TYPE.client });
    expect((await feed(other.token, "?tab=favorites")).body.data.items).toEqual([]);
    // A kept profile that blocks the viewer drops out.
    await block(kept.id, viewer.id);
    expect(keys(await all(viewer.token, "favorites"))).toEqual([]);
  });

  it("favorites tab with many kept profiles (the index walk) shows exactly the kept profiles' items", async () => {
    await clean();
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const kept: number[] = [];
    for (let i = 0; i < 60; i++) {
      const user = await createUser(rt, { userType: USER_TYPE.escort });
      await addBerlinProfile(rt, user.id, user.username);
      await favorite(viewer.id, user.id);
      kept.push(user.id);
    }
    const stranger = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const expected: string[] = [];
    for (let i = 0; i < NEWSFEED_PAGE_SIZE + 5; i++) {
      expected.push(`media:${await medium(kept[i % 3]!)}`);
      await medium(stranger.id);
    }
    expected.push(`bundle:${await bundle(kept[59]!)}`);
    await bundle(stranger.id);
    expect(keys(await all(viewer.token, "favorites"))).toEqual([...expected].reverse());
  });

  it("empty all tab says no_newsfeed_yet; malformed tab or cursor is 400", async () => {
    await clean();
    const empty = await feed(undefined);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ tab: "all", items: [], empty: "exception.newsfeed.no_newsfeed_yet" });
    for (const query of ["?tab=nope", "?cursor=abc", "?cursor=1.x.2", "?page_size=500"]) {
      const { status, body } = await feed(undefined, query);
      expect(status).toBe(400);
      expect(body.errors?.[0]?.key).toBe("validation.invalid");
    }
  });

  it("pages by cursor: every item once, in order, even when items arrive between pages", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const ids: string[] = [];
    for (let i = 0; i < NEWSFEED_PAGE_SIZE * 2 + 3; i++) {
      ids.push(`media:${await medium(escort.id)}`);
      if (i % 7 === 0) ids.push(`bundle:${await bundle(escort.id)}`);
    }
    const first = await feed(undefined);
    expect(first.body.data.items).toHaveLength(NEWSFEED_PAGE_SIZE);
    expect(first.body.data.next_cursor).not.toBeNull();
    // Something new arrives: it shows on a fresh first page, not in the middle of this walk.
    const late = await medium(escort.id);
    const rest: NewsfeedPage["items"] = [];
    let cursor = first.body.data.next_cursor;
    while (cursor) {
      const page = await feed(undefined, `?cursor=${cursor}`);
      rest.push(...page.body.data.items);
      cursor = page.body.data.next_cursor;
    }
    const walked = keys([...first.body.data.items, ...rest]);
    expect(walked).toEqual([...ids].reverse());
    expect(walked).not.toContain(`media:${late}`);
  });

  it("trending: the job's scores order the tab; two runs of a slot give the same scores; the tab keeps the visibility rules", async () => {
    await clean();
    const escort = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const blocked = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const buyer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const viewer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const bought = await medium(escort.id, { access: "ppv" });
    const tipped = await medium(escort.id);
    const quiet = await medium(escort.id);
    const pack = await bundle(escort.id);
    const blockedMedium = await medium(blocked.id);
    await block(viewer.id, blocked.id);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("medium_purchases")
      .values({
        medium_id: bought,
        buyer_id: buyer.id,
        creator_id: escort.id,
        price: 7,
        operation_id: await ledgerOperationOf(rt),
        idempotency_key: `tp-${TEST_DB}-${now}`,
        created_at: now,
      })
      .execute();
    await rt.deps.db
      .insertInto("bundle_purchases")
      .values({
        bundle_id: pack,
        buyer_id: buyer.id,
        creator_id: escort.id,
        price: 12,
        operation_id: await ledgerOperationOf(rt),
        idempotency_key: `tb-${TEST_DB}-${now}`,
        created_at: now - 30 * HOUR,
      })
      .execute();
    for (const [target, receiver] of [
      [tipped, escort.id],
      [blockedMedium, blocked.id],
    ] as const) {
      await rt.deps.db
        .insertInto("tips")
        .values({
          idempotency_key: `tt-${TEST_DB}-${target}`,
          payer_id: buyer.id,
          receiver_id: receiver,
          target_kind: "medium",
          target_id: target,
          amount: 5,
          status: "succeeded",
          operation_id: await ledgerOperationOf(rt),
          month: "2026-01",
          created_at: now,
        })
        .execute();
    }
    // An old tip outside the window counts for nothing.
    await rt.deps.db
      .insertInto("tips")
      .values({
        idempotency_key: `tt-${TEST_DB}-old-${quiet}`,
        payer_id: buyer.id,
        receiver_id: escort.id,
        target_kind: "medium",
        target_id: quiet,
        amount: 5,
        status: "succeeded",
        operation_id: await ledgerOperationOf(rt),
        month: "2026-01",
        created_at: now - 8 * 24 * HOUR,
      })
      .execute();

    // Into the next slot, so every event lies before the slot's start.
    rt.clock.set(trendingSlotOf(rt.clock.now()) + TRENDING_INTERVAL_MS + 1000);
    const scores = async () =>
      (
        await rt.deps.db
          .selectFrom("newsfeed_trending")
          .select(["item_kind", "item_id", "score"])
          .orderBy("item_kind")
          .orderBy("item_id")
          .execute()
      ).map((r) => ({ ...r, score: Number(r.score) }));
    await refreshTrending(rt.deps);
    const once = await scores();
    rt.clock.advance(60 * 1000); // the same slot, a minute later (a retry, a second process)
    await refreshTrending(rt.deps);
    expect(await scores()).toEqual(once);
    expect(once.map((r) => `${r.item_kind}:${r.item_id}`)).not.toContain(`media:${quiet}`);

    const guestItems = keys(await all(undefined, "trending_now"));
    // A purchase outweighs a tip (two tips of one weight tie: the newer first); the day-old bundle purchase has decayed below both.
    expect(guestItems).toEqual([`media:${bought}`, `media:${blockedMedium}`, `media:${tipped}`, `bundle:${pack}`]);
    expect(guestItems).not.toContain(`media:${quiet}`);
    const fresh = await listedMemberWith(rt, { userType: USER_TYPE.client });
    expect(keys(await all(fresh.token, "trending_now"))).toContain(`media:${blockedMedium}`);
    const signedIn = await listedMemberWith(rt, { userType: USER_TYPE.client });
    await block(signedIn.id, blocked.id);
    expect(keys(await all(signedIn.token, "trending_now"))).not.toContain(`media:${blockedMedium}`);

    // The job itself: enqueued for the slot, run by the job table, rescheduled for the next slot.
    const { scheduleTrending } = await import("#server/modules/newsfeed/index");
    await rt.deps.db.deleteFrom("newsfeed_trending").execute();
    await scheduleTrending(rt.deps);
    await rt.jobs.runDue();
    expect(await scores()).toEqual(once);
    const next = await rt.deps.db
      .selectFrom("jobs")
      .select(["job_key", "state"])
      .where("kind", "=", "trending.refresh")
      .where("state", "=", "queued")
      .execute();
    expect(next.map((j) => j.job_key)).toEqual([`trending.refresh:${trendingSlotOf(rt.clock.now()) + TRENDING_INTERVAL_MS}`]);
  });
});
