/**
 * Live streams in the newsfeed (issue 31 item 1 "scheduled start shown … in the newsfeed", ADR 137): one item per
 * stream that follows it (announced → live → ended, or cancelled; an edit changes the item, never adds one), the
 * stream's visibility (a block either way hides it; another creator cannot change it), the audience rule as a lock,
 * the recording link of an ended stream for whom it is listed, the exclusive and trending tabs, and cursor paging
 * across media and live items.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveStreamItem } from "#server/contract/live";
import type { NewsfeedItem, NewsfeedPage } from "#server/contract/newsfeed";
import { NEWSFEED_PAGE_SIZE } from "#server/contract/newsfeed";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const HOUR = 60 * 60 * 1000;

describe(`newsfeed live items (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<{ data: Body; errors?: { key: string }[] }>(rt, token, method, `/api/v2${path}`, body);
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });

  const stream = async (token: string, extra: Record<string, unknown> = {}) => {
    const answer = await api<LiveStreamItem>(token, "POST", "/live/streams", {
      title: "Abendplausch",
      category: "chat",
      audience: "logged_in",
      ingest: "browser",
      start: "now",
      record: false,
      ...extra,
    });
    expect(answer.status).toBe(200);
    rt.clock.advance(1);
    return answer.json.data;
  };
  const announce = (token: string, extra: Record<string, unknown> = {}) =>
    stream(token, { start: "schedule", scheduled_at: rt.clock.now() + 2 * HOUR, title: "Später live", ...extra });

  /** One page of a tab (200 asserted). */
  async function page(token: string | undefined, tab: string, cursor: string | null): Promise<NewsfeedPage> {
    const answer = await api<NewsfeedPage>(token, "GET", `/newsfeed?tab=${tab}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(answer.status).toBe(200);
    return answer.json.data;
  }
  /** Every item of a tab, following the cursor to the end. */
  async function feed(token: string | undefined, tab = "all"): Promise<NewsfeedItem[]> {
    const items: NewsfeedItem[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const data = await page(token, tab, cursor);
      items.push(...data.items);
      cursor = data.next_cursor;
      if (!cursor) break;
    }
    return items;
  }
  const liveItems = async (token: string | undefined, streamId: number, tab = "all") =>
    (await feed(token, tab)).filter((item) => item.type === "live" && item.id === streamId);
  const liveItem = async (token: string | undefined, streamId: number, tab = "all") => {
    const found = await liveItems(token, streamId, tab);
    return found.length === 1 ? found[0]! : found.length === 0 ? null : (found as never);
  };

  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `feed-live-grant-${TEST_DB}-${memberId}-${Math.random().toString(36).slice(2, 10)}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }

  it("an announcement is one item with its start; an edit changes it, going live turns it into 'went live', stopping into 'ended'", async () => {
    const creator = await escort();
    const viewer = await client();
    const at = rt.clock.now() + 2 * HOUR;
    const announced = await announce(creator.token, { scheduled_at: at });

    const first = await liveItem(viewer.token, announced.id);
    expect(first).toMatchObject({
      type: "live",
      title: "Später live",
      locked: false,
      owner: { username: creator.username },
      live: { stream_id: announced.id, state: "scheduled", scheduled_at: at, started_at: null, recording_id: null, audience: "logged_in" },
    });

    const edited = await api(creator.token, "PUT", `/live/streams/${announced.id}`, {
      title: "Neuer Titel",
      category: "music",
      audience: "logged_in",
    });
    expect(edited.status).toBe(200);
    expect(await liveItems(viewer.token, announced.id)).toEqual([expect.objectContaining({ title: "Neuer Titel" })]);
    // Moving the start (ADR 145) changes the same item: the new start, still one item.
    const moved = at + HOUR;
    expect((await api(creator.token, "POST", `/live/streams/${announced.id}/reschedule`, { scheduled_at: moved })).status).toBe(200);
    expect(await liveItems(viewer.token, announced.id)).toEqual([
      expect.objectContaining({ title: "Neuer Titel", live: expect.objectContaining({ state: "scheduled", scheduled_at: moved }) }),
    ]);

    rt.clock.advance(HOUR);
    expect((await api(creator.token, "POST", `/live/streams/${announced.id}/start`)).status).toBe(200);
    const onAir = await liveItems(viewer.token, announced.id);
    expect(onAir).toHaveLength(1);
    expect(onAir[0]!.live).toMatchObject({ state: "live", scheduled_at: moved });
    // Its place is now the start, ahead of what was published in between.
    expect(onAir[0]!.published_at).toBe(onAir[0]!.live!.started_at);

    expect((await api(creator.token, "POST", `/live/streams/${announced.id}/stop`)).status).toBe(200);
    const ended = await liveItems(viewer.token, announced.id);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ locked: false, live: { state: "ended", recording_id: null } });
  });

  it("a cancelled announcement stays one item that says so", async () => {
    const creator = await escort();
    const viewer = await client();
    const announced = await announce(creator.token);
    expect((await api(creator.token, "POST", `/live/streams/${announced.id}/stop`)).status).toBe(200);
    expect(await liveItems(viewer.token, announced.id)).toEqual([
      expect.objectContaining({ live: expect.objectContaining({ state: "cancelled", started_at: null }) }),
    ]);
  });

  it("never across a block, either way; another creator cannot edit or cancel the item's stream", async () => {
    const creator = await escort();
    const blockedViewer = await client();
    const blockingViewer = await client();
    const bystander = await client();
    const live = await stream(creator.token);
    await rt.deps.db
      .insertInto("blocks")
      .values({ blocker_id: creator.id, blocked_id: blockedViewer.id, created_at: rt.clock.now() })
      .execute();
    await rt.deps.db
      .insertInto("blocks")
      .values({ blocker_id: blockingViewer.id, blocked_id: creator.id, created_at: rt.clock.now() })
      .execute();

    expect(await liveItem(blockedViewer.token, live.id)).toBeNull();
    expect(await liveItem(blockingViewer.token, live.id)).toBeNull();
    expect(await liveItem(bystander.token, live.id)).toMatchObject({ live: { state: "live" } });

    // Another creator's token on this stream's id: 404, and the item stays as it was.
    const other = await escort();
    const edit = await api(other.token, "PUT", `/live/streams/${live.id}`, { title: "Gekapert", category: "chat", audience: "logged_in" });
    expect(edit.status).toBe(404);
    expect((await api(other.token, "POST", `/live/streams/${live.id}/stop`)).status).toBe(404);
    expect(await liveItem(bystander.token, live.id)).toMatchObject({ title: "Abendplausch", live: { state: "live" } });
  });

  it("guests see the item locked (they never watch); plus, fans and paid streams are locked until the audience admits the viewer", async () => {
    const creator = await escort();
    const viewer = await client();
    const open = await stream(creator.token);
    expect(await liveItem(undefined, open.id)).toMatchObject({ locked: true, live: { audience: "logged_in" } });
    expect(await liveItem(viewer.token, open.id)).toMatchObject({ locked: false });
    expect(await liveItem(creator.token, open.id)).toMatchObject({ locked: false });
    await api(creator.token, "POST", `/live/streams/${open.id}/stop`);

    const plus = await announce(creator.token, { audience: "plus" });
    expect(await liveItem(viewer.token, plus.id)).toMatchObject({ locked: true, live: { audience: "plus" } });
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", viewer.id).execute();
    expect(await liveItem(viewer.token, plus.id)).toMatchObject({ locked: false });

    const fans = await announce(creator.token, { audience: "fans" });
    expect(await liveItem(viewer.token, fans.id)).toMatchObject({ locked: true, live: { audience: "fans" } });
    const now = rt.clock.now();
    const tier = await rt.deps.db
      .insertInto("fan_tiers")
      .values({ creator_id: creator.id, position: 1, name: "Fans", price: 5, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await rt.deps.db
      .insertInto("fan_subscriptions")
      .values({
        subscriber_id: viewer.id,
        creator_id: creator.id,
        tier_id: tier.id,
        price: 5,
        status: 3,
        method: "dollars",
        period_start: now,
        paid_until: now + 30 * 24 * HOUR,
        created_at: now,
      })
      .execute();
    expect(await liveItem(viewer.token, fans.id)).toMatchObject({ locked: false });

    const paid = await announce(creator.token, { audience: "paid", price: 9 });
    expect(await liveItem(viewer.token, paid.id)).toMatchObject({ locked: true, price: 9, live: { audience: "paid" } });
    await grant(viewer.id, 20);
    expect((await api(viewer.token, "POST", `/live/streams/${paid.id}/access`)).status).toBe(200);
    expect(await liveItem(viewer.token, paid.id)).toMatchObject({ locked: false, price: 9 });
    // Staff are admitted to every stream (moderation) — never locked.
    const staff = await listedMemberWith(rt, { userType: USER_TYPE.team });
    expect(await liveItem(staff.token, fans.id)).toMatchObject({ locked: false });
  });

  it("an ended stream links its recording for whom it is listed: a priced one to members, a private unpriced one to the creator only", async () => {
    const creator = await escort();
    const viewer = await client();
    const sold = await stream(creator.token, { record: true });
    await api(creator.token, "POST", `/live/streams/${sold.id}/stop`);
    const ready = async (streamId: number, price: number | null) =>
      (
        await rt.deps.db
          .updateTable("live_recordings")
          .set({
            state: "ready",
            price,
            storage_prefix: `live/recordings/${streamId}`,
            duration_ms: 60_000,
            size_bytes: 1000,
            ready_at: rt.clock.now(),
          })
          .where("stream_id", "=", streamId)
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    // Still processing: nothing to link.
    expect(await liveItem(viewer.token, sold.id)).toMatchObject({ live: { state: "ended", recording_id: null } });
    const soldRecording = await ready(sold.id, 4);
    expect(await liveItem(viewer.token, sold.id)).toMatchObject({ live: { state: "ended", recording_id: soldRecording } });
    expect(await liveItem(undefined, sold.id)).toMatchObject({ live: { state: "ended", recording_id: null } });

    const kept = await stream(creator.token, { record: true });
    await api(creator.token, "POST", `/live/streams/${kept.id}/stop`);
    const keptRecording = await ready(kept.id, null);
    expect(await liveItem(viewer.token, kept.id)).toMatchObject({ live: { recording_id: null } });
    expect(await liveItem(creator.token, kept.id)).toMatchObject({ live: { recording_id: keptRecording } });
  });

  it("exclusive shows fans and paid streams only; trending has no live items", async () => {
    const creator = await escort();
    const viewer = await client();
    const open = await announce(creator.token);
    const fans = await announce(creator.token, { audience: "fans" });
    const paid = await announce(creator.token, { audience: "paid", price: 3 });
    const exclusive = (await feed(viewer.token, "exclusive")).filter((item) => item.type === "live").map((item) => item.id);
    expect(exclusive).toEqual(expect.arrayContaining([fans.id, paid.id]));
    expect(exclusive).not.toContain(open.id);
    expect((await feed(viewer.token, "trending_now")).some((item) => item.type === "live")).toBe(false);
  });

  it("pages through live items and media without repeating or skipping one", async () => {
    const creator = await escort();
    const viewer = await client();
    const expected: string[] = [];
    for (let i = 0; i < NEWSFEED_PAGE_SIZE + 3; i++) {
      if (i % 2 === 0) expected.push(`live:${(await announce(creator.token, { title: `Ankündigung ${i}` })).id}`);
      else {
        const row = await rt.deps.db
          .insertInto("media")
          .values({
            user_id: creator.id,
            kind: "photo",
            visibility: "public",
            status: 1,
            storage_key: `feed-live/${TEST_DB}-${i}`,
            mime_type: "image/jpeg",
            width: 800,
            height: 600,
            bytes: 1000,
            position: i,
            created_at: rt.clock.now(),
            variant_widths: null,
            duration_ms: null,
            watermark: null,
            access: "open",
            price: null,
            publish_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        rt.clock.advance(1);
        expected.push(`media:${row.id}`);
      }
    }
    const seen = (await feed(viewer.token)).map((item) => `${item.type}:${item.id}`).filter((key) => expected.includes(key));
    expect(seen).toEqual([...expected].reverse());
  });

  it("refuses a malformed cursor and reads a live item's cursor", async () => {
    expect((await api(undefined, "GET", "/newsfeed?cursor=1.x.2")).status).toBe(400);
    expect((await api(undefined, "GET", "/newsfeed?cursor=1.l.2")).status).toBe(200);
  });
});
