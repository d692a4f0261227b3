/**
 * Paid and fans-only media through the real API on both databases (issue 28 items 2, 4, 6, 7; ADR 093): the owner's
 * access setting (prices 0 and 101, another member's id, a client, the avatar), the locked listing (a blurred preview,
 * never a variant's URL), the file route (by file URL without owning, with another viewer's grant, after the grant
 * expires, the buyer's watermarked bytes), buy-puzzle-medium (own, not for sale, not visible, twice, replay, two at
 * once, too few dollars), puzzle cancel, fans-only through a paid-for subscription, plus_member by id and by file URL,
 * scheduled publication, can-tip-media and the "exclusive content" rule.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediumAccessState, PuzzleMediumPurchase, PuzzleMediumQuote } from "#server/contract/creator-media";
import type { GalleryItem, MediaImage } from "#server/contract/media";
import { allowedFilters, GUEST_SEARCHER } from "#server/contract/search";
import { USER_TYPE } from "#server/contract/users";
import { createLocalMediaStorage } from "#server/integrations/storage/local";
import { hasExclusiveContentSql } from "#server/modules/access/index";
import { BUYER_COPY_TTL_MS, sweepBuyerCopies } from "#server/modules/media/index";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { MEDIA_GRANT_TTL_MS, mediaGrant } from "#server/modules/media/images";
import { dollarBalances } from "#server/modules/wallet/index";
import { rmSync } from "node:fs";
import { callJson } from "../../helpers/api-call";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, listedMemberWith, signIn, storeMediaInTemporaryDir, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}
type Member = Awaited<ReturnType<typeof listedMemberWith>>;

describe(`paid media (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let sample: Buffer;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-paid-media-");
    sample = await jpeg(320, 320);
  }, 60_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let seq = 0;
  const newKey = () => `pm-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });

  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `grant-${newKey()}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }

  /** An accepted photo of `ownerId` with one stored variant (320.jpg), as an upload leaves it. */
  async function medium(
    ownerId: number,
    options: {
      visibility?: string;
      access?: string;
      price?: number | null;
      position?: number;
      isAvatar?: boolean;
      publishAt?: number | null;
    } = {},
  ): Promise<{ id: number; publicId: string }> {
    const key = `test/pm-${newKey()}`;
    await createLocalMediaStorage(rt.deps.config.mediaDir).put(`${key}/320.jpg`, sample);
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility: options.visibility ?? "public",
        status: 1,
        storage_key: key,
        mime_type: "image/jpeg",
        width: 320,
        height: 320,
        variant_widths: "320",
        bytes: sample.byteLength,
        position: options.position ?? 1,
        is_avatar: options.isAvatar ? 1 : 0,
        access: options.access ?? "open",
        price: options.price ?? null,
        publish_at: options.publishAt ?? null,
        created_at: rt.clock.now(),
      })
      .returning(["id", "public_id"])
      .executeTakeFirstOrThrow();
    return { id: row.id, publicId: row.public_id };
  }

  const fileOf = (image: { path: string; grant?: string }, variant = "320.jpg") =>
    rt.request(`/api/v2${image.path}/${variant}${image.grant ? `?${image.grant}` : ""}`, {});
  const fileAs = (token: string | undefined, image: { path: string; grant?: string }, variant = "320.jpg") =>
    rt.request(`/api/v2${image.path}/${variant}${image.grant ? `?${image.grant}` : ""}`, { token });
  const gallery = async (token: string | undefined, username: string) => {
    const answer = await api<{ data: { gallery: GalleryItem[] } }>(token, "GET", `/profiles/${username}/detail`);
    expect(answer.status).toBe(200);
    return answer.json.data.gallery;
  };
  const buy = (token: string, id: number, key = newKey()) =>
    api<{ data: PuzzleMediumPurchase }>(token, "POST", "/wallets/buy-puzzle-medium", { id, key });
  const purchases = async (buyerId: number) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from medium_purchases where buyer_id = ${buyerId}`.execute(rt.deps.db))
        .rows[0]!.n,
    );

  describe("the owner's access setting", () => {
    let owner: Member;
    let other: Member;
    let photo: { id: number };
    beforeAll(async () => {
      owner = await escort();
      other = await escort();
      photo = await medium(owner.id);
    });

    it("makes a medium ppv at a price, fans-only, and open again; refuses prices 0 and 101 at the price field", async () => {
      const ppv = await api<{ data: MediumAccessState }>(owner.token, "PUT", `/media/${photo.id}/access`, { access: "ppv", price: 5 });
      expect(ppv.status).toBe(200);
      expect(ppv.json.data).toMatchObject({ id: photo.id, access: "ppv", price: 5 });
      for (const price of [0, 101, 2.5, "abc"]) {
        const refused = await api(owner.token, "PUT", `/media/${photo.id}/access`, { access: "ppv", price });
        expect(refused.status, String(price)).toBe(400);
        expect(refused.json.errors[0]).toMatchObject({
          key: expect.stringMatching(/^exception\.creator_media\.price_invalid/),
          source: "price",
        });
      }
      const missing = await api(owner.token, "PUT", `/media/${photo.id}/access`, { access: "ppv" });
      expect(missing.json.errors[0]).toMatchObject({
        key: expect.stringMatching(/^exception\.creator_media\.price_invalid/),
        source: "price",
      });
      const fans = await api<{ data: MediumAccessState }>(owner.token, "PUT", `/media/${photo.id}/access`, { access: "fans", price: 7 });
      expect(fans.json.data).toMatchObject({ access: "fans", price: null });
      const row = await rt.deps.db.selectFrom("media").select(["access", "price"]).where("id", "=", photo.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ access: "fans", price: null });
      const puzzle = await api<{ data: MediumAccessState }>(owner.token, "POST", `/media/${photo.id}/puzzle`, { price: 9 });
      expect(puzzle.json.data).toMatchObject({ access: "ppv", price: 9 });
      const cancel = await api<{ data: MediumAccessState }>(owner.token, "POST", `/media/${photo.id}/puzzle/cancel`);
      expect(cancel.json.data).toMatchObject({ access: "open", price: null });
    });

    it("answers another member's id like a missing one and changes nothing", async () => {
      const answer = await api(other.token, "PUT", `/media/${photo.id}/access`, { access: "ppv", price: 5 });
      expect(answer.status).toBe(404);
      const cancel = await api(other.token, "POST", `/media/${photo.id}/puzzle/cancel`);
      expect(cancel.status).toBe(404);
      const row = await rt.deps.db.selectFrom("media").select("access").where("id", "=", photo.id).executeTakeFirstOrThrow();
      expect(row.access).toBe("open");
    });

    it("keeps the avatar open and lets only creators sell", async () => {
      const avatar = await medium(owner.id, { isAvatar: true, position: 0 });
      const refused = await api(owner.token, "PUT", `/media/${avatar.id}/access`, { access: "fans" });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({ key: "exception.creator_media.avatar_stays_open", source: "access" });
      // Nor does a paid photo become the avatar or the cover.
      const paid = await medium(owner.id, { access: "ppv", price: 4, position: 5 });
      for (const flag of ["avatar", "cover"]) {
        const made = await api(owner.token, "PUT", `/media/${paid.id}/${flag}`);
        expect(made.status, flag).toBe(400);
        expect(made.json.errors[0]!.key).toBe("exception.creator_media.avatar_stays_open");
      }
      const member = await client();
      const own = await medium(member.id, { visibility: "logged_in" });
      const notCreator = await api(member.token, "PUT", `/media/${own.id}/access`, { access: "ppv", price: 3 });
      expect(notCreator.status).toBe(403);
    });
  });

  describe("a ppv medium", () => {
    let owner: Member;
    let buyer: Member;
    let stranger: Member;
    let photo: { id: number; publicId: string };
    let open: { id: number };
    beforeAll(async () => {
      owner = await escort();
      buyer = await client();
      stranger = await client();
      photo = await medium(owner.id, { access: "ppv", price: 5, position: 2 });
      open = await medium(owner.id, { position: 3 });
    });

    it("is listed locked: a blurred preview, its price, never a variant's URL", async () => {
      for (const token of [undefined, buyer.token]) {
        const items = await gallery(token, owner.username);
        const item = items.find((m) => m.id === photo.id)!;
        expect(item.image).toBeNull();
        expect(item.locked).toMatchObject({ access: "ppv", price: 5, preview: { path: `/media/${photo.publicId}/preview.jpg` } });
        const answer = JSON.stringify(items);
        expect(answer).not.toContain(`${photo.publicId}/320`);
        expect(answer).not.toContain(`${photo.publicId}/original`);
      }
      const preview = await fileOf({ path: `/media/${photo.publicId}` }, "preview.jpg");
      expect(preview.status).toBe(200);
      const bytes = Buffer.from(await preview.arrayBuffer());
      expect(bytes.equals(sample)).toBe(false);
      // The owner opens it as always.
      const mine = (await gallery(owner.token, owner.username)).find((m) => m.id === photo.id)!;
      expect(mine.locked).toBeNull();
      expect((await fileAs(owner.token, mine.image!)).status).toBe(200);
    });

    it("is 404 by file URL without owning it, even with a grant of the claim preview's kind", async () => {
      const image: MediaImage = { path: `/media/${photo.publicId}`, width: 320, height: 320, widths: [320] };
      expect((await fileAs(buyer.token, image)).status).toBe(404);
      expect((await fileAs(undefined, image)).status).toBe(404);
      const unbound = { ...image, grant: mediaGrant(rt.deps.config.appSecret, photo.publicId, rt.clock.now()) };
      expect((await fileAs(buyer.token, unbound)).status).toBe(404);
      const bound = { ...image, grant: mediaGrant(rt.deps.config.appSecret, photo.publicId, rt.clock.now(), buyer.id) };
      // Bound to the buyer, but nothing bought yet.
      expect((await fileAs(buyer.token, bound)).status).toBe(404);
    });

    it("refuses too few dollars with 402 and charges nothing", async () => {
      const answer = await buy(buyer.token, photo.id);
      expect(answer.status).toBe(402);
      expect(await purchases(buyer.id)).toBe(0);
      expect((await dollarBalances(rt.deps, buyer.id)).available).toBe(0);
    });

    it("buys it once: the price moves to the owner's pending earnings, a retry with the key replays, a second buy is 409", async () => {
      await grant(buyer.id, 20);
      const key = newKey();
      const first = await buy(buyer.token, photo.id, key);
      expect(first.status).toBe(200);
      expect(first.json.data).toMatchObject({ status: "succeeded", amount: 5, balance: 15, replayed: false, medium_id: photo.id });
      const again = await buy(buyer.token, photo.id, key);
      expect(again.json.data).toMatchObject({
        status: "succeeded",
        replayed: true,
        balance: 15,
        operation_id: first.json.data.operation_id,
      });
      const twice = await buy(buyer.token, photo.id);
      expect(twice.status).toBe(409);
      expect(twice.json.errors[0]!.key).toBe("exception.creator_media.already_bought");
      expect(await purchases(buyer.id)).toBe(1);
      expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 15 });
      expect(await dollarBalances(rt.deps, owner.id)).toMatchObject({ pending: 5 });
      // The owner is told of the sale once (the replay and the refused second buy tell nothing).
      const told = await rt.deps.db
        .selectFrom("notifications")
        .select(["actor_id", "params", "subject_id"])
        .where("user_id", "=", owner.id)
        .where("event", "=", "medium_sold")
        .execute();
      expect(told).toMatchObject([{ actor_id: buyer.id, subject_id: photo.id }]);
      expect(JSON.parse(String(told[0]!.params))).toMatchObject({ amount: "5" });
      const operation = await rt.deps.db
        .selectFrom("ledger_operations")
        .select(["kind", "reference"])
        .where("id", "=", first.json.data.operation_id!)
        .executeTakeFirstOrThrow();
      expect(operation).toEqual({ kind: "CONSUME", reference: `medium:${photo.id}` });
      // The key of this purchase cannot buy another medium.
      const other = await medium(owner.id, { access: "ppv", price: 2, position: 4 });
      expect((await buy(buyer.token, other.id, key)).status).toBe(409);
    });

    it("then opens for the buyer only, through a grant bound to them, watermarked, until the grant expires", async () => {
      const item = (await gallery(buyer.token, owner.username)).find((m) => m.id === photo.id)!;
      expect(item.locked).toBeNull();
      expect(item.image!.grant).toMatch(/^g=\d+\./);
      const file = await fileAs(buyer.token, item.image!);
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toBe("private, no-store");
      const delivered = Buffer.from(await file.arrayBuffer());
      expect(delivered.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      // The buyer's name is drawn on the delivered copy; the stored variant is untouched.
      expect(delivered.equals(sample)).toBe(false);
      const stored = await rt.deps.db.selectFrom("media").select("storage_key").where("id", "=", photo.id).executeTakeFirstOrThrow();
      expect((await createLocalMediaStorage(rt.deps.config.mediaDir).read(`${stored.storage_key}/320.jpg`))!.equals(sample)).toBe(true);
      // Without the grant, or someone else with the buyer's URL: 404.
      expect((await fileAs(buyer.token, { path: item.image!.path })).status).toBe(404);
      expect((await fileAs(stranger.token, item.image!)).status).toBe(404);
      expect((await fileAs(undefined, item.image!)).status).toBe(404);
      // The stranger still sees it locked.
      expect((await gallery(stranger.token, owner.username)).find((m) => m.id === photo.id)!.locked).not.toBeNull();
      rt.clock.advance(MEDIA_GRANT_TTL_MS + 60_000);
      expect((await fileAs(buyer.token, item.image!)).status).toBe(404);
      const fresh = (await gallery(buyer.token, owner.username)).find((m) => m.id === photo.id)!;
      expect((await fileAs(buyer.token, fresh.image!)).status).toBe(200);
    });

    it("can be tipped once bought, not before (can-tip-media uses the same rule)", async () => {
      const canTip = (token: string, id: number) => api<{ data: { can_tip: boolean } }>(token, "GET", `/wallets/can-tip-media/${id}`);
      expect((await canTip(buyer.token, photo.id)).json.data.can_tip).toBe(true);
      expect((await canTip(stranger.token, photo.id)).json.data.can_tip).toBe(false);
      expect((await canTip(owner.token, photo.id)).json.data.can_tip).toBe(false);
    });

    it("refuses the own medium, one not for sale and one the buyer may not see", async () => {
      await grant(owner.id, 10);
      const own = await buy(owner.token, photo.id);
      expect(own.status).toBe(400);
      expect(own.json.errors[0]!.key).toBe("exception.creator_media.own_medium");
      const notForSale = await buy(stranger.token, open.id);
      expect(notForSale.status).toBe(409);
      expect(notForSale.json.errors[0]!.key).toBe("exception.creator_media.not_for_sale");
      const hidden = await medium(owner.id, { visibility: "private", access: "ppv", price: 3, position: 5 });
      await grant(stranger.id, 10);
      expect((await buy(stranger.token, hidden.id)).status).toBe(404);
      expect((await api(stranger.token, "GET", `/wallets/buy-puzzle-medium/${hidden.id}`)).status).toBe(404);
      expect((await buy(stranger.token, 987654321)).status).toBe(404);
      expect(await purchases(stranger.id)).toBe(0);
      expect((await dollarBalances(rt.deps, stranger.id)).available).toBe(10);
    });

    it("quotes the price and the balance after", async () => {
      const another = await medium(owner.id, { access: "ppv", price: 4, position: 6 });
      const quote = await api<{ data: PuzzleMediumQuote }>(stranger.token, "GET", `/wallets/buy-puzzle-medium/${another.id}`);
      expect(quote.status).toBe(200);
      expect(quote.json.data).toMatchObject({
        price: 4,
        balance: 10,
        balance_after: 6,
        bought: false,
        owner: { username: owner.username },
      });
    });

    it("after puzzle cancel is open to everyone, and the buyer keeps the purchase", async () => {
      const sold = await medium(owner.id, { access: "ppv", price: 3, position: 7 });
      expect((await buy(buyer.token, sold.id)).status).toBe(200);
      expect((await api(owner.token, "POST", `/media/${sold.id}/puzzle/cancel`)).status).toBe(200);
      const item = (await gallery(stranger.token, owner.username)).find((m) => m.id === sold.id)!;
      expect(item.locked).toBeNull();
      expect((await fileAs(stranger.token, item.image!)).status).toBe(200);
      expect(await rt.deps.db.selectFrom("medium_purchases").select("id").where("medium_id", "=", sold.id).execute()).toHaveLength(1);
      // Made ppv again: the buyer still opens it, the stranger does not.
      expect((await api(owner.token, "POST", `/media/${sold.id}/puzzle`, { price: 8 })).status).toBe(200);
      expect((await gallery(buyer.token, owner.username)).find((m) => m.id === sold.id)!.locked).toBeNull();
      expect((await gallery(stranger.token, owner.username)).find((m) => m.id === sold.id)!.locked).not.toBeNull();
    });
  });

  it("charges once when two buys of one medium arrive at once (different keys)", async () => {
    const owner = await escort();
    const buyer = await client();
    const photo = await medium(owner.id, { access: "ppv", price: 6 });
    await grant(buyer.id, 50);
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(buyer.token, photo.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await purchases(buyer.id)).toBe(1);
    expect((await dollarBalances(rt.deps, buyer.id)).available).toBe(44);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("keeps a bought medium: its owner's delete is refused, an unbought one goes", async () => {
    const owner = await escort();
    const buyer = await client();
    const bought = await medium(owner.id, { access: "ppv", price: 4 });
    const unbought = await medium(owner.id, { access: "ppv", price: 4 });
    await grant(buyer.id, 10);
    expect((await buy(buyer.token, bought.id)).status).toBe(200);
    const refused = await api(owner.token, "DELETE", `/media/${bought.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0]!.key).toBe("exception.media.bought");
    expect(await rt.deps.db.selectFrom("media").select("id").where("id", "=", bought.id).executeTakeFirst()).toBeDefined();
    expect((await api(owner.token, "DELETE", `/media/${unbought.id}`)).status).toBe(200);
  });

  it("opens fans-only media through a paid-for fan subscription, and only while it is paid for", async () => {
    const owner = await escort();
    const fan = await client();
    const other = await client();
    const photo = await medium(owner.id, { access: "fans" });
    const locked = (await gallery(fan.token, owner.username)).find((m) => m.id === photo.id)!;
    expect(locked.locked).toMatchObject({ access: "fans", price: null });
    expect((await buy(fan.token, photo.id)).status).toBe(409);
    const now = rt.clock.now();
    // The subscription's row as the fans module writes it (its own tests cover subscribing); here only what it opens.
    const tier = await rt.deps.db
      .insertInto("fan_tiers")
      .values({ creator_id: owner.id, position: 1, name: "Fans", price: 5, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await rt.deps.db
      .insertInto("fan_subscriptions")
      .values({
        subscriber_id: fan.id,
        creator_id: owner.id,
        tier_id: tier.id,
        price: 5,
        status: 3,
        method: "dollars",
        period_start: now,
        paid_until: now + 30 * 24 * 60 * 60 * 1000,
        created_at: now,
      })
      .execute();
    const opened = (await gallery(fan.token, owner.username)).find((m) => m.id === photo.id)!;
    expect(opened.locked).toBeNull();
    expect((await fileAs(fan.token, opened.image!)).status).toBe(200);
    expect((await fileAs(other.token, opened.image!)).status).toBe(404);
    rt.clock.advance(31 * 24 * 60 * 60 * 1000);
    // The period ran out: checked on every request, the same URL no longer opens.
    expect((await gallery(fan.token, owner.username)).find((m) => m.id === photo.id)!.locked).not.toBeNull();
  });

  it("holds plus_member media from non-plus members by id and by file URL", async () => {
    const owner = await escort();
    const member = await client();
    const plus = await client();
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", plus.id).execute();
    const exclusive = await medium(owner.id, { visibility: "plus_member", access: "ppv", price: 2 });
    const openPlus = await medium(owner.id, { visibility: "plus_member", position: 2 });
    const image: MediaImage = { path: `/media/${openPlus.publicId}`, width: 320, height: 320, widths: [320] };
    expect((await fileAs(member.token, image)).status).toBe(404);
    expect((await fileAs(plus.token, image)).status).toBe(200);
    expect((await gallery(member.token, owner.username)).map((m) => m.id)).not.toContain(openPlus.id);
    expect((await gallery(plus.token, owner.username)).map((m) => m.id)).toContain(openPlus.id);
    // By id: the quote, the purchase and can-tip-media know nothing of it.
    await grant(member.id, 10);
    expect((await api(member.token, "GET", `/wallets/buy-puzzle-medium/${exclusive.id}`)).status).toBe(404);
    expect((await buy(member.token, exclusive.id)).status).toBe(404);
    expect(
      (await api<{ data: { can_tip: boolean } }>(member.token, "GET", `/wallets/can-tip-media/${openPlus.id}`)).json.data.can_tip,
    ).toBe(false);
    const preview = await fileAs(member.token, { path: `/media/${exclusive.publicId}` }, "preview.jpg");
    expect(preview.status).toBe(404);
    expect((await api(plus.token, "GET", `/wallets/buy-puzzle-medium/${exclusive.id}`)).status).toBe(200);
  });

  it("keeps a scheduled medium to its owner until its publication", async () => {
    const owner = await escort();
    const viewer = await client();
    const photo = await medium(owner.id, { position: 3 });
    const inAnHour = rt.clock.now() + 60 * 60 * 1000;
    const saved = await api(owner.token, "PUT", `/creator-content/media/${photo.id}`, {
      visibility: "public",
      access: "open",
      publish_at: inAnHour,
    });
    expect(saved.status).toBe(200);
    const image: MediaImage = { path: `/media/${photo.publicId}`, width: 320, height: 320, widths: [320] };
    expect((await gallery(viewer.token, owner.username)).map((m) => m.id)).not.toContain(photo.id);
    expect((await fileAs(viewer.token, image)).status).toBe(404);
    expect((await gallery(owner.token, owner.username)).map((m) => m.id)).toContain(photo.id);
    const past = await api(owner.token, "PUT", `/creator-content/media/${photo.id}`, {
      visibility: "public",
      access: "open",
      publish_at: rt.clock.now() - 1000,
    });
    expect(past.status).toBe(400);
    expect(past.json.errors[0]).toMatchObject({
      key: expect.stringMatching(/^exception\.creator_media\.publish_at_invalid/),
      source: "publish_at",
    });
    rt.clock.advance(2 * 60 * 60 * 1000);
    expect((await gallery(viewer.token, owner.username)).map((m) => m.id)).toContain(photo.id);
    expect((await fileAs(viewer.token, image)).status).toBe(200);
    expect((await api(viewer.token, "GET", `/creator-content/media/${photo.id}`)).status).toBe(403);
  });

  it("saves the creator's defaults and applies fans-only to new uploads, never to the avatar or another member's media", async () => {
    const owner = await escort();
    const other = await escort();
    const bad = await api(owner.token, "PUT", "/creator-content/defaults", { default_price: 0, fans_only_default: true });
    expect(bad.status).toBe(400);
    const saved = await api<{ data: { default_price: number; fans_only_default: boolean; saved: boolean } }>(
      owner.token,
      "PUT",
      "/creator-content/defaults",
      { default_price: 7, fans_only_default: true },
    );
    expect(saved.json.data).toEqual({ default_price: 7, fans_only_default: true, saved: true });
    const avatar = await medium(owner.id, { isAvatar: true, position: 0 });
    const fresh = await medium(owner.id, { position: 1 });
    const foreign = await medium(other.id, { position: 1 });
    expect((await api(owner.token, "POST", "/creator-content/media/defaults", { ids: [avatar.id, fresh.id, foreign.id] })).status).toBe(
      200,
    );
    const rows = await rt.deps.db
      .selectFrom("media")
      .select(["id", "access"])
      .where("id", "in", [avatar.id, fresh.id, foreign.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.access]))).toEqual({
      [avatar.id]: "open",
      [fresh.id]: "fans",
      [foreign.id]: "open",
    });
  });

  it("finds exclusive content: accepted, published paid media at a level the searcher has (escort searches only)", async () => {
    const withPaid = await escort();
    const withScheduled = await escort();
    const withPlusOnly = await escort();
    const none = await escort();
    await medium(withPaid.id, { access: "fans" });
    await medium(withScheduled.id, { access: "ppv", price: 3, publishAt: rt.clock.now() + 60_000 });
    await medium(withPlusOnly.id, { access: "ppv", price: 3, visibility: "plus_member" });
    await medium(none.id);
    const ids = [withPaid.id, withScheduled.id, withPlusOnly.id, none.id];
    const found = async (levels: string[]) =>
      (
        await rt.deps.db
          .selectFrom("users")
          .select("users.id")
          .where("users.id", "in", ids)
          .where(hasExclusiveContentSql("users.id", levels, rt.clock.now()))
          .execute()
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await found(["public", "logged_in"])).toEqual([withPaid.id]);
    expect(await found(["public", "logged_in", "plus_member"])).toEqual([withPaid.id, withPlusOnly.id].sort((a, b) => a - b));
    expect(allowedFilters(GUEST_SEARCHER, "escort").has("exclusive_content")).toBe(true);
    expect(allowedFilters(GUEST_SEARCHER, "client").has("exclusive_content")).toBe(false);
  });

  // Last in the file: it moves the clock by a week (every session of this file ends).
  it("keeps the buyer's copy per medium and buyer for its lifetime; a renamed buyer or an expired copy is made again, then swept", async () => {
    const owner = await escort();
    const buyer = await client();
    const stranger = await client();
    const photo = await medium(owner.id, { access: "ppv", price: 6 });
    await grant(buyer.id, 10);
    expect((await buy(buyer.token, photo.id)).status).toBe(200);
    const copies = () =>
      rt.deps.db
        .selectFrom("media_buyer_copies")
        .select(["storage_key", "username", "created_at"])
        .where("media_id", "=", photo.id)
        .where("buyer_id", "=", buyer.id)
        .execute();
    const item = (await gallery(buyer.token, owner.username)).find((m) => m.id === photo.id)!;
    const first = Buffer.from(await (await fileAs(buyer.token, item.image!)).arrayBuffer());
    const [kept] = await copies();
    expect(kept).toMatchObject({ username: buyer.username });
    const storage = createLocalMediaStorage(rt.deps.config.mediaDir);
    expect((await storage.read(kept!.storage_key))!.equals(first)).toBe(true);
    // Served from the kept copy: the same bytes, the row untouched.
    rt.clock.advance(60_000);
    const again = Buffer.from(await (await fileAs(buyer.token, item.image!)).arrayBuffer());
    expect(again.equals(first)).toBe(true);
    expect(await copies()).toEqual([kept]);
    // Access is still asked on every request: a stranger with the buyer's URL gets nothing from the cache.
    expect((await fileAs(stranger.token, item.image!)).status).toBe(404);
    // A renamed buyer: the next copy carries the new name.
    const original = buyer.username;
    await rt.deps.db
      .updateTable("users")
      .set({ username: `${original}x` })
      .where("id", "=", buyer.id)
      .execute();
    expect((await fileAs(buyer.token, item.image!)).status).toBe(200);
    expect(await copies()).toMatchObject([{ username: `${original}x` }]);
    await rt.deps.db.updateTable("users").set({ username: original }).where("id", "=", buyer.id).execute();
    // Past its lifetime: the sweep deletes the file and the row; the next request makes a new one.
    rt.clock.advance(BUYER_COPY_TTL_MS + 60_000);
    const [old] = await copies();
    expect(await sweepBuyerCopies(rt.deps, storage)).toBeGreaterThanOrEqual(1);
    expect(await copies()).toEqual([]);
    expect(await storage.read(old!.storage_key)).toBeNull();
    const again2 = await signIn(rt, buyer);
    const fresh = (await gallery(again2.token, owner.username)).find((m) => m.id === photo.id)!;
    expect((await fileAs(again2.token, fresh.image!)).status).toBe(200);
    expect(await copies()).toMatchObject([{ username: original, created_at: rt.clock.now() }]);
  });
});
