/**
 * The data export's creator-economy files on both databases (issue 28): a member who bought a bundle, a single medium
 * and a fan subscription by card finds each in its own file (bundles.json, media-purchases.json,
 * fan-subscriptions.json) with the creator by name and the paid months; the creator finds their own bundle (sold once),
 * their tier and the subscriber; neither file holds ledger keys or the card's stored payment token.
 */
import { rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { storageOf } from "#server/modules/media/index";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
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
import { unzip } from "../../helpers/zip";

describe(`the data export's purchases (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-export-purchases-");
  }, 60_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let seq = 0;
  const key = () => `export-purchases-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & { errors?: unknown }>(rt, token, method, `/api/v2${path}`, body);

  async function photo(ownerId: number): Promise<number> {
    const storageKey = `export-purchases/${key()}`;
    const bytes = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 90, g: 80, b: 120 } } })
      .jpeg()
      .toBuffer();
    await storageOf(rt.deps).put(`${storageKey}/160.jpg`, bytes, { contentType: "image/jpeg" });
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility: "public",
        status: 1,
        storage_key: storageKey,
        mime_type: "image/jpeg",
        width: 160,
        height: 120,
        bytes: bytes.byteLength,
        position: seq,
        created_at: rt.clock.now(),
        variant_widths: "160",
        duration_ms: null,
        watermark: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function exportOf(token: string): Promise<Map<string, Buffer>> {
    expect((await rt.request("/api/v2/user/data-export", { method: "POST", token })).status).toBe(202);
    expect(await rt.jobs.runDue()).toMatchObject({ failed: 0 });
    const status = (await (await rt.request("/api/v2/user/data-export", { token })).json()) as { data: { latest: { id: number } } };
    const file = await rt.request(`/api/v2/user/data-export/${status.data.latest.id}/file`, { token });
    expect(file.status).toBe(200);
    return unzip(Buffer.from(await file.arrayBuffer()));
  }
  const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString("utf8")) as Record<string, unknown>;

  it("holds bundles, media and fan subscriptions bought, and the creator's own offers, each in its own file", async () => {
    const team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    const creator = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const buyer = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const grant = dollarOperations.grant(buyer.id, 100);
    await postOperation(rt.deps, { key: key(), kind: grant.kind, currency: "dollar", actorId: null, transfers: grant.transfers });

    // A bundle of two photos, accepted by the team and bought.
    const made = await api<{ data: { id: number } }>(creator.token, "POST", "/bundles", {
      title: "Sommer",
      description: "Fotos",
      price: 10,
      media_ids: [await photo(creator.id), await photo(creator.id)],
    });
    const bundleId = made.json.data.id;
    expect((await api(creator.token, "POST", `/bundles/${bundleId}/publish`)).status).toBe(200);
    expect((await api(team.token, "POST", `/backoffice/bundles/${bundleId}/accept`)).status).toBe(200);
    expect((await api(buyer.token, "POST", `/bundles/${bundleId}/buy`, { key: key() })).status).toBe(200);
    // A pay-per-view photo bought.
    const ppv = await photo(creator.id);
    expect((await api(creator.token, "PUT", `/media/${ppv}/access`, { access: "ppv", price: 4 })).status).toBe(200);
    expect((await api(buyer.token, "POST", "/wallets/buy-puzzle-medium", { id: ppv, key: key() })).status).toBe(200);
    // A fan subscription with dollars; a stored card token on it must not leave the database.
    const tiers = await api<{ data: { tiers: Array<{ id: number }> } }>(creator.token, "POST", "/fans/tiers", {
      name: "Gold",
      price: 6,
      benefits: "Mehr",
    });
    expect((await api(buyer.token, "POST", "/fans/subscriptions", { tier_id: tiers.json.data.tiers[0]!.id })).status).toBe(200);
    await rt.deps.db
      .updateTable("fan_subscriptions")
      .set({ payment_token: "tok_secret_never_exported" })
      .where("subscriber_id", "=", buyer.id)
      .execute();

    const mine = await exportOf(buyer.token);
    expect(json(mine, "bundles.json")).toMatchObject({
      bought: [{ bundle_id: bundleId, title: "Sommer", creator: creator.username, price: 10 }],
      own: [],
    });
    expect(json(mine, "media-purchases.json")).toMatchObject({ bought: [{ medium_id: ppv, creator: creator.username, price: 4 }] });
    const fans = json(mine, "fan-subscriptions.json");
    expect(fans.as_subscriber).toMatchObject([
      { creator: creator.username, tier: "Gold", price: 6, method: "dollars", periods: [{ period_index: 1, amount: 6 }] },
    ]);
    expect(fans.as_creator).toEqual({ tiers: [], subscribers: [] });
    const text = [...mine]
      .filter(([name]) => name.endsWith(".json"))
      .map(([, bytes]) => bytes.toString("utf8"))
      .join("\n");
    expect(text).not.toContain("tok_secret_never_exported");
    const ours = ["bundles.json", "media-purchases.json", "fan-subscriptions.json"]
      .map((name) => mine.get(name)!.toString("utf8"))
      .join("\n");
    expect(ours).not.toMatch(/idempotency_key|operation_id|payment_token/);

    const theirs = await exportOf((await signIn(rt, creator)).token);
    expect(json(theirs, "bundles.json")).toMatchObject({ bought: [], own: [{ id: bundleId, title: "Sommer", items: 2, sold: 1 }] });
    expect(json(theirs, "media-purchases.json")).toEqual({ bought: [] });
    const offered = json(theirs, "fan-subscriptions.json");
    expect(offered.as_subscriber).toEqual([]);
    expect(offered.as_creator).toMatchObject({
      tiers: [{ name: "Gold", price: 6 }],
      subscribers: [{ subscriber: buyer.username, price: 6 }],
    });
  });
});
