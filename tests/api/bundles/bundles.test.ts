/**
 * Bundles through the real API on both databases (issue 28 item 1, ADR 092): the creator's actions and their guards,
 * the team's decision, buying (refusals charge nothing; a retry with the key and two buys at once charge once), and
 * the bundle's media — closed to everyone but its buyers, by id and by file URL.
 */
import { rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BundleBuyAnswer,
  BundleDetail,
  BundleQueue,
  BundleTileList,
  OwnBundle,
  OwnBundleList,
  PurchasedBundleList,
} from "#server/contract/bundles";
import { BUNDLE_STATUS } from "#server/contract/creators";
import { INSUFFICIENT_DOLLARS_KEY } from "#server/contract/wallet";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { storageOf } from "#server/modules/media/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import {
  createTestRuntime,
  createUser,
  listedMemberWith,
  signIn,
  storeMediaInTemporaryDir,
  TEST_DB,
  type TestRuntime,
} from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

describe(`bundles (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let team: { token: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "bundles-test-");
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let seq = 0;
  const newKey = () => `bundle-test-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);

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
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });

  /** An accepted public photo of `ownerId` with one stored JPEG variant (160 px), so its file URL can answer 200. */
  async function photo(ownerId: number, visibility = "public"): Promise<{ id: number; url: string }> {
    const storageKey = `bundles-test/${newKey()}`;
    const jpeg = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 80, b: 120 } } })
      .jpeg()
      .toBuffer();
    await storageOf(rt.deps).put(`${storageKey}/160.jpg`, jpeg, { contentType: "image/jpeg" });
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility,
        status: 1,
        storage_key: storageKey,
        mime_type: "image/jpeg",
        width: 160,
        height: 120,
        bytes: jpeg.byteLength,
        position: seq,
        created_at: rt.clock.now(),
        variant_widths: "160",
        duration_ms: null,
        watermark: null,
      })
      .returning(["id", "public_id"])
      .executeTakeFirstOrThrow();
    return { id: row.id, url: `/api/v2/media/${row.public_id}/160.jpg` };
  }

  const create = (token: string, body: Record<string, unknown>) => api<{ data: OwnBundle }>(token, "POST", "/bundles", body);

  /** A creator with two photos and an accepted bundle of them at `price`. */
  async function acceptedBundle(price = 10) {
    const creator = await escort();
    const media = [await photo(creator.id), await photo(creator.id)];
    const made = await create(creator.token, { title: "Sommer", description: "Fotos", price, media_ids: media.map((m) => m.id) });
    expect(made.status).toBe(200);
    const id = made.json.data.id;
    expect((await api(creator.token, "POST", `/bundles/${id}/publish`)).status).toBe(200);
    expect((await api(team.token, "POST", `/backoffice/bundles/${id}/accept`)).status).toBe(200);
    return { creator, media, id };
  }

  const purchases = async (buyerId: number) =>
    (await rt.deps.db.selectFrom("bundle_purchases").select("id").where("buyer_id", "=", buyerId).execute()).length;

  it("refuses a price of 0 or 101 and a foreign medium with the field's error (400); a draft keeps what was sent", async () => {
    const creator = await escort();
    const own = await photo(creator.id);
    for (const price of [0, 101, "2.5", "abc"]) {
      const answer = await create(creator.token, { title: "T", price, media_ids: [own.id] });
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0]).toMatchObject({ key: "validation.bundles.price", source: "price" });
    }
    const other = await escort();
    const foreign = await photo(other.id);
    const refused = await create(creator.token, { title: "T", price: 5, media_ids: [own.id, foreign.id] });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ key: "validation.bundles.item_unknown", source: "media_ids" });
    const made = await create(creator.token, { title: "  Mein Bundle ", price: "7", media_ids: [String(own.id)] });
    expect(made.status).toBe(200);
    expect(made.json.data).toMatchObject({
      title: "Mein Bundle",
      price: 7,
      status: BUNDLE_STATUS.draft,
      status_name: "draft",
      media_ids: [own.id],
    });
    const client1 = await client();
    expect((await create(client1.token, { title: "T", price: 5, media_ids: [own.id] })).status).toBe(403);
  });

  it("another member's bundle id answers 404 for edit, actions and delete; nothing changes", async () => {
    const creator = await escort();
    const own = await photo(creator.id);
    const id = (await create(creator.token, { title: "Meins", price: 5, media_ids: [own.id] })).json.data.id;
    const other = await escort();
    const otherPhoto = await photo(other.id);
    expect((await api(other.token, "GET", `/bundles/${id}/own`)).status).toBe(404);
    expect((await api(other.token, "PUT", `/bundles/${id}`, { title: "Fremd", price: 5, media_ids: [otherPhoto.id] })).status).toBe(404);
    for (const action of ["publish", "activate", "deactivate"])
      expect((await api(other.token, "POST", `/bundles/${id}/${action}`)).status).toBe(404);
    expect((await api(other.token, "DELETE", `/bundles/${id}`)).status).toBe(404);
    const row = await rt.deps.db
      .selectFrom("bundles")
      .select(["title", "status", "deleted_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Meins", status: BUNDLE_STATUS.draft, deleted_at: null });
    expect((await api<{ data: OwnBundleList }>(other.token, "GET", "/bundles/my")).json.data.items).toHaveLength(0);
  });

  it("walks draft → pending → rejected (reason, bell) → pending → accepted; an edit of an accepted bundle's content goes back to pending", async () => {
    const creator = await escort();
    const media = [await photo(creator.id), await photo(creator.id)];
    const id = (await create(creator.token, { title: "A", price: 5, media_ids: [media[0]!.id] })).json.data.id;
    expect((await api(creator.token, "POST", `/bundles/${id}/activate`)).json.errors[0]!.key).toBe("exception.bundles.not_accepted");
    expect((await api(creator.token, "POST", `/bundles/${id}/publish`)).json).toMatchObject({ data: { status_name: "pending" } });
    expect((await api(creator.token, "POST", `/bundles/${id}/publish`)).status).toBe(409);
    const queue = await api<{ data: BundleQueue }>(team.token, "GET", "/backoffice/bundles");
    expect(queue.json.data.items.map((item) => item.id)).toContain(id);
    expect((await api(creator.token, "GET", "/backoffice/bundles")).status).toBe(403);
    expect((await api(team.token, "POST", `/backoffice/bundles/${id}/reject`, { reason: "nope" })).status).toBe(400);
    const rejected = await api(team.token, "POST", `/backoffice/bundles/${id}/reject`, { reason: "poor_quality" });
    expect(rejected.json).toMatchObject({ data: { id, status: BUNDLE_STATUS.rejected, reason: "poor_quality" } });
    expect((await api(team.token, "POST", `/backoffice/bundles/${id}/accept`)).status).toBe(409);
    // The refusal's one bell line is its statement's (written by the statement's job), naming the bundle and the reason.
    await rt.jobs.runDue();
    const bell = await rt.deps.db.selectFrom("notifications").select(["event", "params"]).where("user_id", "=", creator.id).execute();
    expect(bell.map((row) => row.event)).toEqual(["statement_issued"]);
    expect(JSON.parse(bell[0]!.params)).toMatchObject({ item: "bundle", title: "A", reason: "poor_quality" });
    const mine = await api<{ data: OwnBundleList }>(creator.token, "GET", "/bundles/my");
    expect(mine.json.data.items[0]).toMatchObject({ id, status_name: "rejected", rejection_reason: "poor_quality" });
    expect((await api(creator.token, "POST", `/bundles/${id}/publish`)).status).toBe(200);
    expect((await api(team.token, "POST", `/backoffice/bundles/${id}/accept`)).json).toMatchObject({
      data: { status: BUNDLE_STATUS.accepted },
    });
    // A price change alone stays accepted; new content goes back to the team.
    const repriced = await api<{ data: OwnBundle }>(creator.token, "PUT", `/bundles/${id}`, {
      title: "A",
      price: 9,
      media_ids: [media[0]!.id],
    });
    expect(repriced.json.data).toMatchObject({ status_name: "accepted", price: 9 });
    const changed = await api<{ data: OwnBundle }>(creator.token, "PUT", `/bundles/${id}`, {
      title: "A",
      price: 9,
      media_ids: [media[0]!.id, media[1]!.id],
    });
    expect(changed.json.data).toMatchObject({ status_name: "pending", media_ids: [media[0]!.id, media[1]!.id] });
  });

  it("buys an accepted bundle once: the creator's pending earning, reference bundle:{id}; a retry with the key replays; then its media open", async () => {
    const { creator, media, id } = await acceptedBundle(10);
    const buyer = await client();
    await grant(buyer.id, 25);
    // Before buying: the detail has no media, the media answer 404 by file URL, the profile tab lists it for sale.
    const before = await api<{ data: BundleDetail }>(buyer.token, "GET", `/bundles/${id}`);
    expect(before.json.data).toMatchObject({
      media: null,
      balance: 25,
      bundle: { owned: false, for_sale: true, price: 10, item_count: 2 },
    });
    expect(before.json.data.bundle.preview_path).toBe(`/bundle-preview/${id}.jpg`);
    for (const medium of media) expect((await rt.request(medium.url, { token: buyer.token })).status).toBe(404);
    expect((await rt.request(media[0]!.url)).status).toBe(404);
    expect((await rt.request(media[0]!.url, { token: creator.token })).status).toBe(200);
    const tab = await api<{ data: BundleTileList }>(undefined, "GET", `/bundles/user/${creator.username}`);
    expect(tab.json.data.items.map((tile) => tile.id)).toEqual([id]);
    expect(JSON.stringify(tab.json.data)).not.toContain("/media/");
    expect((await rt.request(`/api/v2/bundles/${id}/preview`)).status).toBe(200);

    const key = newKey();
    const bought = await api<{ data: BundleBuyAnswer }>(buyer.token, "POST", `/bundles/${id}/buy`, { key });
    expect(bought.status).toBe(200);
    expect(bought.json.data).toMatchObject({
      status: "succeeded",
      kind: "CONSUME",
      amount: 10,
      balance: 15,
      replayed: false,
      bundle_id: id,
    });
    const again = await api<{ data: BundleBuyAnswer }>(buyer.token, "POST", `/bundles/${id}/buy`, { key });
    expect(again.json.data).toMatchObject({ status: "succeeded", amount: 10, balance: 15, replayed: true });
    const second = await api(buyer.token, "POST", `/bundles/${id}/buy`, { key: newKey() });
    expect(second.status).toBe(409);
    expect(second.json.errors[0]!.key).toBe("exception.bundles.already_owned");
    expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 15 });
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ available: 0, pending: 10 });
    // The creator is told of the sale once (the replay and the refused second buy tell nothing).
    const told = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "actor_id", "params", "subject_id"])
      .where("user_id", "=", creator.id)
      .where("event", "=", "bundle_sold")
      .execute();
    expect(told).toMatchObject([{ actor_id: buyer.id, subject_id: id }]);
    expect(JSON.parse(String(told[0]!.params))).toMatchObject({ amount: "10", title: "Sommer" });
    const operation = await rt.deps.db
      .selectFrom("ledger_operations")
      .select(["reference", "idempotency_key"])
      .where("id", "=", bought.json.data.operation_id!)
      .executeTakeFirstOrThrow();
    expect(operation).toEqual({ reference: `bundle:${id}`, idempotency_key: `bundle:${key}` });

    const after = await api<{ data: BundleDetail }>(buyer.token, "GET", `/bundles/${id}`);
    expect(after.json.data.bundle.owned).toBe(true);
    expect(after.json.data.media!.map((m) => m.id)).toEqual(media.map((m) => m.id));
    // A bundled medium is locked (ADR 092, 093): the buyer opens it with the grant bound to them, never by the bare URL.
    for (const [i, medium] of media.entries()) {
      const grantOf = after.json.data.media![i]!.image.grant!;
      expect((await rt.request(`${medium.url}?${grantOf}`, { token: buyer.token })).status).toBe(200);
      expect((await rt.request(medium.url, { token: buyer.token })).status).toBe(404);
    }
    // Another member still gets 404, and a grant handed to the buyer opens nothing for a guest.
    const grantQuery = after.json.data.media![0]!.image.grant!;
    expect((await rt.request(`${media[0]!.url}?${grantQuery}`)).status).toBe(404);
    const purchased = await api<{ data: PurchasedBundleList }>(buyer.token, "GET", "/bundles/purchased");
    expect(purchased.json.data.items).toMatchObject([{ id, paid: 10 }]);

    // Deactivated: hidden from new buyers, still open to the owner; deleted: gone for non-owners, kept by the owner.
    expect((await api(creator.token, "POST", `/bundles/${id}/deactivate`)).status).toBe(200);
    const newcomer = await client();
    await grant(newcomer.id, 50);
    expect((await api(newcomer.token, "GET", `/bundles/${id}`)).status).toBe(404);
    expect((await api<{ data: BundleTileList }>(newcomer.token, "GET", `/bundles/user/${creator.username}`)).json.data.items).toHaveLength(
      0,
    );
    expect((await api<{ data: BundleTileList }>(buyer.token, "GET", `/bundles/user/${creator.username}`)).json.data.items).toHaveLength(1);
    expect((await api(newcomer.token, "POST", `/bundles/${id}/buy`, { key: newKey() })).status).toBe(404);
    expect((await api(creator.token, "DELETE", `/bundles/${id}`)).status).toBe(200);
    expect((await api(buyer.token, "GET", `/bundles/${id}`)).status).toBe(200);
    expect((await rt.request(media[0]!.url, { token: buyer.token })).status).toBe(200);
    // The deleted bundle no longer holds its media from others: they are the gallery's again.
    expect((await rt.request(media[0]!.url, { token: newcomer.token })).status).toBe(200);
    expect(await dollarBalances(rt.deps, newcomer.id)).toMatchObject({ available: 50 });
  });

  it("refuses buying a draft, a rejected, a deactivated and one's own bundle, and too few dollars: nothing charged", async () => {
    const buyer = await client();
    await grant(buyer.id, 100);
    const creator = await escort();
    const p = await photo(creator.id);
    const draft = (await create(creator.token, { title: "D", price: 5, media_ids: [p.id] })).json.data.id;
    const rejected = (await create(creator.token, { title: "R", price: 5, media_ids: [p.id] })).json.data.id;
    await api(creator.token, "POST", `/bundles/${rejected}/publish`);
    await api(team.token, "POST", `/backoffice/bundles/${rejected}/reject`, { reason: "terms" });
    const { creator: seller, id: deactivated } = await acceptedBundle(5);
    await api(seller.token, "POST", `/bundles/${deactivated}/deactivate`);
    const { creator: owner, id: own } = await acceptedBundle(5);
    await grant(owner.id, 100);
    const expensive = (await acceptedBundle(100)).id;
    const poor = await client();
    await grant(poor.id, 99);

    const tries: Array<[string, number, number, { token: string; id: number }]> = [
      ["draft", draft, 404, buyer],
      ["rejected", rejected, 404, buyer],
      ["deactivated", deactivated, 404, buyer],
      ["own", own, 403, owner],
      ["too few dollars", expensive, 402, poor],
    ];
    for (const [, id, status, who] of tries) {
      const answer = await api(who.token, "POST", `/bundles/${id}/buy`, { key: newKey() });
      expect(answer.status).toBe(status);
    }
    const insufficient = await api(poor.token, "POST", `/bundles/${expensive}/buy`, { key: newKey() });
    expect(insufficient.json.errors[0]).toMatchObject({ key: INSUFFICIENT_DOLLARS_KEY, params: { price: 100, balance: 99 } });
    expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 100 });
    expect(await dollarBalances(rt.deps, owner.id)).toMatchObject({ available: 100 });
    expect(await dollarBalances(rt.deps, poor.id)).toMatchObject({ available: 99 });
    expect(await purchases(buyer.id)).toBe(0);
    expect(await purchases(poor.id)).toBe(0);
    // Staff buy nothing.
    expect((await api(team.token, "POST", `/bundles/${expensive}/buy`, { key: newKey() })).status).toBe(403);
  });

  it("two buys at once (different keys, and the same key) charge once; the ledger stays balanced", async () => {
    const { creator, id } = await acceptedBundle(10);
    const buyer = await client();
    await grant(buyer.id, 100);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api<{ data: BundleBuyAnswer }>(buyer.token, "POST", `/bundles/${id}/buy`, { key: newKey() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await purchases(buyer.id)).toBe(1);
    expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 90 });

    const { id: other } = await acceptedBundle(10);
    const key = newKey();
    const same = await Promise.all(
      Array.from({ length: 6 }, () => api<{ data: BundleBuyAnswer }>(buyer.token, "POST", `/bundles/${other}/buy`, { key })),
    );
    expect(same.every((a) => a.status === 200 && a.json.data.amount === 10)).toBe(true);
    expect(same.filter((a) => !a.json.data.replayed)).toHaveLength(1);
    expect(await purchases(buyer.id)).toBe(2);
    expect(await dollarBalances(rt.deps, buyer.id)).toMatchObject({ available: 80 });
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 10 });
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
    // The key of that purchase cannot pay for another bundle.
    expect((await api(buyer.token, "POST", `/bundles/${id}/buy`, { key })).json.errors[0]!.key).toBe("exception.bundles.key_reused");
  }, 60_000);

  it("media cannot leave a bundle that was bought", async () => {
    const { creator, media, id } = await acceptedBundle(5);
    const buyer = await client();
    await grant(buyer.id, 5);
    expect((await api(buyer.token, "POST", `/bundles/${id}/buy`, { key: newKey() })).status).toBe(200);
    const shrunk = await api(creator.token, "PUT", `/bundles/${id}`, { title: "Sommer", price: 5, media_ids: [media[0]!.id] });
    expect(shrunk.status).toBe(409);
    expect(shrunk.json.errors[0]).toMatchObject({ key: "exception.bundles.items_sold", source: "media_ids" });
  });

  it("exclusive (private) photos in a bundle open to its buyer through the page's grant, to nobody else", async () => {
    const creator = await escort();
    const exclusive = await photo(creator.id, "private");
    const id = (await create(creator.token, { title: "Exklusiv", price: 3, media_ids: [exclusive.id] })).json.data.id;
    await api(creator.token, "POST", `/bundles/${id}/publish`);
    await api(team.token, "POST", `/backoffice/bundles/${id}/accept`);
    const buyer = await client();
    await grant(buyer.id, 3);
    expect((await api(buyer.token, "POST", `/bundles/${id}/buy`, { key: newKey() })).status).toBe(200);
    const detail = await api<{ data: BundleDetail }>(buyer.token, "GET", `/bundles/${id}`);
    const grantQuery = detail.json.data.media![0]!.image.grant!;
    expect((await rt.request(`${exclusive.url}?${grantQuery}`, { token: buyer.token })).status).toBe(200);
    expect((await rt.request(exclusive.url, { token: buyer.token })).status).toBe(404);
    const other = await client();
    expect((await rt.request(`${exclusive.url}?${grantQuery}`, { token: other.token })).status).toBe(404);
  });
});
