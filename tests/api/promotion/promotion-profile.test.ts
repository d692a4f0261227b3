/**
 * The promotion profile (issue 27 item 3, ADR 090) on both databases: a purchase pays at once and waits for the team
 * (pending); the team accepts it and it shows in the promoted slot of the search's first page and of the city's
 * directory page for PROMOTION_PROFILE_DAYS, then no more (the clock moves, no job); a rejection refunds exactly once
 * even when two staff clicks race; two purchases at once with the balance for one leave one paid; photos, texts, keys,
 * roles and other members' ids are refused; at most PROMOTED_SLOTS show and they take turns, never across a block. The
 * ledger reconciles.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICES } from "#server/contract/prices";
import {
  PROMOTED_ROTATION_MINUTES,
  PROMOTED_SLOTS,
  type PromotedProfile,
  type PromotionDecisionAnswer,
  type PromotionItem,
  type PromotionOverview,
  type PromotionReviewQueue,
  type RiseUpAnswer,
} from "#server/contract/promotion";
import type { DirectoryPage } from "#server/contract/seo";
import { USER_TYPE } from "#server/contract/users";
import { PROMOTION_PROFILE_DAYS } from "#server/contract/wallet";
import { dollarOperations, reconcileLedger } from "#server/modules/ledger/index";
import { rotatePromoted } from "#server/modules/promotion/index";
import { clearDirectoryCache } from "#server/modules/seo/service";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, block, createProfile, northOf } from "../../helpers/search-fixtures";

const DAY = 24 * 60 * 60 * 1000;
const PRICE = PRICES.promotion_profile.amount;

describe(`promotion profile (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staff: { username: string; password: string };
  /** A fresh sign-in of the team member (tests move the clock past a token's 24 hours). */
  const staffToken = async () => String((await login(rt, staff.username, staff.password)).body.access_token);
  beforeAll(async () => {
    // The cities resolve: the directory's city page lists profiles by city id.
    rt = await createTestRuntime({ geoData: true });
    staff = await createUser(rt, { userType: USER_TYPE.team });
  }, 120_000);
  afterAll(() => rt.close());

  let seq = 0;
  const key = () => `promo-${TEST_DB}-${++seq}-${Date.now()}`;

  /** A listed profile near `spot` with a public photo, signed in, with `dollars` granted through the ledger. */
  async function provider(spot: { lat: number; lon: number }, options: { dollars?: number; userType?: number } = {}) {
    const user = await createProfile(rt, { point: spot, userType: options.userType, avatar: true });
    if (options.dollars) {
      const granted = await spendDollars(rt.deps, {
        payer: user.id,
        key: `grant-${key()}`,
        operation: dollarOperations.grant(user.id, options.dollars),
      });
      expect(granted.status).toBe("succeeded");
    }
    const photo = await rt.deps.db.selectFrom("media").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    return { ...user, token, photoId: photo.id };
  }

  const buy = (token: string, body: Record<string, unknown>) =>
    callJson<{ data: RiseUpAnswer; errors?: Array<{ key: string; source?: unknown }> }>(
      rt,
      token,
      "POST",
      "/api/v2/promotions/profile",
      body,
    );
  const buyFor = (member: { token: string; photoId: number }, requestKey = key()) =>
    buy(member.token, { key: requestKey, text: "Neu in Berlin – ich freue mich auf dich!", media_id: member.photoId });
  const decide = async (id: number, body: Record<string, unknown>, token?: string) =>
    callJson<{ data: PromotionDecisionAnswer; errors?: Array<{ key: string }> }>(
      rt,
      token ?? (await staffToken()),
      "POST",
      `/api/v2/backoffice/promotions/${id}/decide`,
      body,
    );

  async function promotedInSearch(spot: { lat: number; lon: number }, page = 1): Promise<PromotedProfile[]> {
    const answer = await callJson<{ data: unknown[]; meta: { promoted: PromotedProfile[] } }>(
      rt,
      undefined,
      "POST",
      "/api/v2/search/user-and-business",
      { page_no: page, filterquery: { location: { ...spot, radius: 5 } }, sort: "top_ranking" },
    );
    expect(answer.status).toBe(200);
    return answer.json.meta.promoted;
  }

  async function promotedInBerlinDirectory(): Promise<PromotedProfile[]> {
    clearDirectoryCache(rt.deps.db);
    const response = await rt.request("/api/v2/seo/directory?category=ladies&country=deutschland&region=berlin&city=berlin&page=1");
    const body = (await response.json()) as { data: DirectoryPage };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.data.promoted;
  }

  /** Ends every running promotion profile of earlier tests: each test starts with an empty slot. */
  async function endAllPromotions() {
    await rt.deps.db
      .updateTable("promotions")
      .set({ ends_at: rt.clock.now() })
      .where("type", "=", "profile")
      .where("ends_at", ">", rt.clock.now())
      .execute();
  }

  it("pays at once and waits for the team; accepted, it shows in the slot of search and directory for its days, then ends", async () => {
    await endAllPromotions();
    const spot = northOf(BERLIN, 2);
    const escort = await provider(spot, { dollars: PRICE + 10 });
    const bought = await buyFor(escort);
    expect(bought.status).toBe(200);
    expect(bought.json.data.operation).toMatchObject({ status: "succeeded", kind: "PROMOTION_PROFILE", amount: PRICE, balance: 10 });
    const promotion = bought.json.data.promotion;
    expect(promotion).toMatchObject({ type: "profile", status: "pending", code: null, price: PRICE, running: false, refunded: 0 });
    expect(promotion.content).toMatchObject({ text: "Neu in Berlin – ich freue mich auf dich!", photo: { id: escort.photoId } });
    // Pending shows nowhere.
    expect(await promotedInSearch(spot)).toEqual([]);

    const overview = await callJson<{ data: PromotionOverview }>(rt, escort.token, "GET", "/api/v2/promotions");
    expect(overview.json.data.profile).toMatchObject({ price: PRICES.promotion_profile, days: PROMOTION_PROFILE_DAYS, running: null });
    expect(overview.json.data.profile.pending?.id).toBe(promotion.id);
    expect(overview.json.data.profile.photos.map((p) => p.id)).toEqual([escort.photoId]);

    const queue = await callJson<{ data: PromotionReviewQueue }>(rt, await staffToken(), "GET", "/api/v2/backoffice/promotions");
    expect(queue.status).toBe(200);
    expect(queue.json.data.items.find((item) => item.id === promotion.id)).toMatchObject({
      member: { id: escort.id, listed: true },
      content: { text: "Neu in Berlin – ich freue mich auf dich!" },
      price: PRICE,
    });

    const accepted = await decide(promotion.id, { decision: "accept" });
    expect(accepted.status).toBe(200);
    const now = rt.clock.now();
    expect(accepted.json.data.promotion).toMatchObject({
      status: "accepted",
      code: "reviewed",
      running: true,
      starts_at: now,
      ends_at: now + PROMOTION_PROFILE_DAYS * DAY,
    });
    expect(accepted.json.data.refund_operation_id).toBeNull();
    const notice = await rt.deps.db.selectFrom("notifications").select("event").where("user_id", "=", escort.id).execute();
    expect(notice.map((n) => n.event)).toContain("promotion_accepted");

    const slot = await promotedInSearch(spot);
    expect(slot).toHaveLength(1);
    expect(slot[0]).toMatchObject({
      promotion_id: promotion.id,
      user_id: escort.id,
      username: escort.username,
      text: promotion.content!.text,
    });
    expect(slot[0]!.photo?.path).toMatch(/^\/media\//);
    // Page 2 is the ranking alone; a search far away does not find a Berlin profile.
    expect(await promotedInSearch(spot, 2)).toEqual([]);
    expect(await promotedInSearch(northOf(BERLIN, 600))).toEqual([]);
    expect((await promotedInBerlinDirectory()).map((p) => p.user_id)).toEqual([escort.id]);

    rt.clock.advance(PROMOTION_PROFILE_DAYS * DAY - 1);
    expect((await promotedInSearch(spot)).map((p) => p.user_id)).toEqual([escort.id]);
    expect((await promotedInBerlinDirectory()).map((p) => p.user_id)).toEqual([escort.id]);
    rt.clock.advance(1);
    expect(await promotedInSearch(spot)).toEqual([]);
    expect(await promotedInBerlinDirectory()).toEqual([]);
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(10);
  });

  it("refunds a rejection exactly once when two staff clicks race, and notifies the member", async () => {
    const escort = await provider(northOf(BERLIN, 3), { dollars: PRICE });
    const promotion = (await buyFor(escort)).json.data.promotion;
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(0);

    // One signed-in team member clicking twice: both posts leave at once.
    const token = await staffToken();
    const reject = { decision: "reject", reason: "content" };
    const answers = await Promise.all([decide(promotion.id, reject, token), decide(promotion.id, reject, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.json.errors?.[0]?.key).toBe("exception.promotion.already_decided");
    const decided = answers.find((a) => a.status === 200)!.json.data;
    expect(decided.promotion).toMatchObject({ status: "rejected", code: "content", refunded: PRICE });
    expect(decided.refund_operation_id).not.toBeNull();
    // An accept after the rejection changes nothing either.
    expect((await decide(promotion.id, { decision: "accept" })).status).toBe(409);

    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(PRICE);
    const refunds = await rt.deps.db
      .selectFrom("ledger_operations")
      .select(["id", "kind"])
      .where("reference", "=", `promotion:${promotion.id}`)
      .execute();
    expect(refunds.map((r) => r.kind).sort()).toEqual(["PROMOTION_PROFILE", "REFUND"]);
    // Refused for its content: one bell line, the statement's (its job), naming the promotion; the facts say the dollars are back.
    await rt.jobs.runDue();
    const notice = await rt.deps.db.selectFrom("notifications").select(["event", "params"]).where("user_id", "=", escort.id).execute();
    expect(notice.filter((n) => n.event === "promotion_rejected" || n.event === "statement_issued").map((n) => n.event)).toEqual([
      "statement_issued",
    ]);
    expect(JSON.parse(notice.find((n) => n.event === "statement_issued")!.params)).toMatchObject({ item: "promotion" });
    const facts = await rt.deps.db.selectFrom("statements").select("facts").where("user_id", "=", escort.id).executeTakeFirstOrThrow();
    expect(facts.facts).toContain("Die bezahlten Dollar sind wieder in deinem Guthaben.");

    // Refused, the member may buy again.
    const again = await buyFor(escort);
    expect(again.json.data.promotion.status).toBe("pending");
  });

  it("leaves one paid of two purchases at once with the balance for one", async () => {
    const escort = await provider(northOf(BERLIN, 4), { dollars: PRICE });
    const answers = await Promise.all([buyFor(escort), buyFor(escort), buyFor(escort)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const paid = answers.filter((a) => a.json.data.operation.status === "succeeded");
    expect(paid).toHaveLength(1);
    expect(paid[0]!.json.data.promotion.status).toBe("pending");
    for (const other of answers.filter((a) => a !== paid[0]))
      expect(["already_running", "insufficient"]).toContain(other.json.data.promotion.code);
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(0);
    // With dollars enough, one waiting is still one: a second is refused and nothing moves.
    await spendDollars(rt.deps, { payer: escort.id, key: `grant-${key()}`, operation: dollarOperations.grant(escort.id, PRICE) });
    const second = await buyFor(escort);
    expect(second.json.data.promotion).toMatchObject({ status: "rejected", code: "already_running" });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(PRICE);
  });

  it("answers a retry with the key as the first time", async () => {
    const escort = await provider(northOf(BERLIN, 5), { dollars: PRICE });
    const requestKey = key();
    const first = await buyFor(escort, requestKey);
    const retry = await buyFor(escort, requestKey);
    expect(retry.json.data.promotion).toEqual(first.json.data.promotion);
    expect(retry.json.data.operation).toEqual({ ...first.json.data.operation, replayed: true });
    expect((await dollarBalances(rt.deps, escort.id)).available).toBe(0);
  });

  it("refuses bad input at its field, clients, members in the back office, and other members' ids", async () => {
    const owner = await provider(northOf(BERLIN, 6), { dollars: PRICE * 2 });
    const other = await provider(northOf(BERLIN, 6), { dollars: PRICE });
    const text = "Ein kurzer Text für die Promotion";
    for (const [body, source] of [
      [{ key: key(), text, media_id: other.photoId }, "media_id"],
      [{ key: key(), text, media_id: 999_999_999 }, "media_id"],
      [{ key: key(), text, media_id: 1.5 }, "media_id"],
      [{ key: key(), text }, "media_id"],
      [{ key: key(), text: "kurz", media_id: owner.photoId }, "text"],
      [{ key: key(), text: "x".repeat(121), media_id: owner.photoId }, "text"],
      [{ key: "short", text, media_id: owner.photoId }, "key"],
    ] as const) {
      const answer = await buy(owner.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json.errors)).toContain(source);
    }
    // A photo the member keeps private cannot be shown on public pages.
    await rt.deps.db.updateTable("media").set({ visibility: "private" }).where("id", "=", owner.photoId).execute();
    expect((await buyFor(owner)).status).toBe(400);
    await rt.deps.db.updateTable("media").set({ visibility: "public" }).where("id", "=", owner.photoId).execute();
    expect((await dollarBalances(rt.deps, owner.id)).available).toBe(PRICE * 2);

    const client = await provider(northOf(BERLIN, 6), { dollars: PRICE, userType: USER_TYPE.client });
    const refused = await buyFor(client);
    expect(refused.status).toBe(403);
    expect((await dollarBalances(rt.deps, client.id)).available).toBe(PRICE);

    const promotion = (await buyFor(owner)).json.data.promotion;
    expect((await callJson(rt, other.token, "GET", `/api/v2/promotions/${promotion.id}`)).status).toBe(404);
    expect((await callJson<{ data: PromotionItem }>(rt, owner.token, "GET", `/api/v2/promotions/${promotion.id}`)).json.data.status).toBe(
      "pending",
    );
    // Members decide nothing and read no queue: not the owner, not another member.
    for (const token of [owner.token, other.token]) {
      expect((await decide(promotion.id, { decision: "accept" }, token)).status).toBe(403);
      expect((await callJson(rt, token, "GET", "/api/v2/backoffice/promotions")).status).toBe(403);
    }
    expect((await callJson(rt, undefined, "GET", "/api/v2/backoffice/promotions")).status).toBe(401);
    expect((await decide(promotion.id, { decision: "reject" })).status).toBe(400);
    expect((await decide(promotion.id, { decision: "reject", reason: "insufficient" })).status).toBe(400);
    expect((await decide(promotion.id, { decision: "maybe" })).status).toBe(400);
    expect((await decide(999_999, { decision: "accept" })).status).toBe(404);
    // A rise-up is no promotion profile: the team does not decide it.
    await spendDollars(rt.deps, {
      payer: other.id,
      key: `grant-${key()}`,
      operation: dollarOperations.grant(other.id, PRICES.rise_up.amount),
    });
    const rise = await callJson<{ data: RiseUpAnswer }>(rt, other.token, "POST", "/api/v2/promotions/rise-up", { key: key() });
    expect((await decide(rise.json.data.promotion.id, { decision: "reject", reason: "content" })).status).toBe(404);
    expect((await callJson<{ data: PromotionItem }>(rt, owner.token, "GET", `/api/v2/promotions/${promotion.id}`)).json.data.status).toBe(
      "pending",
    );
  });

  it("shows at most PROMOTED_SLOTS, taking turns so that each shows equally often", async () => {
    await endAllPromotions();
    const spot = northOf(BERLIN, 8);
    const members = [];
    for (let i = 0; i < PROMOTED_SLOTS + 2; i++) {
      const member = await provider(spot, { dollars: PRICE });
      const promotion = (await buyFor(member)).json.data.promotion;
      expect((await decide(promotion.id, { decision: "accept" })).status).toBe(200);
      members.push(member.id);
    }
    const shown = new Map<number, number>(members.map((id) => [id, 0]));
    for (let window = 0; window < members.length; window++) {
      const slot = await promotedInSearch(spot);
      expect(slot).toHaveLength(PROMOTED_SLOTS);
      expect(new Set(slot.map((p) => p.user_id)).size).toBe(PROMOTED_SLOTS);
      for (const p of slot) shown.set(p.user_id, (shown.get(p.user_id) ?? 0) + 1);
      rt.clock.advance(PROMOTED_ROTATION_MINUTES * 60_000);
    }
    expect([...shown.values()]).toEqual(members.map(() => PROMOTED_SLOTS));
  });

  it("shows a promotion only to whom its profile is shown: never across a block", async () => {
    await endAllPromotions();
    const spot = northOf(BERLIN, 10);
    const escort = await provider(spot, { dollars: PRICE });
    expect((await decide((await buyFor(escort)).json.data.promotion.id, { decision: "accept" })).status).toBe(200);
    const viewer = await createProfile(rt, { point: spot, userType: USER_TYPE.client });
    const token = String((await login(rt, viewer.username, viewer.password)).body.access_token);
    const slotFor = async () =>
      (
        await callJson<{ meta: { promoted: PromotedProfile[] } }>(rt, token, "POST", "/api/v2/search/user-and-business", {
          filterquery: { location: { ...spot, radius: 5 } },
          sort: "top_ranking",
        })
      ).json.meta.promoted.map((p) => p.user_id);
    expect(await slotFor()).toEqual([escort.id]);
    await block(rt, escort.id, viewer.id);
    expect(await slotFor()).toEqual([]);
  });

  it("rotates fairly as a rule: over a round every candidate shows PROMOTED_SLOTS times", () => {
    const candidates = Array.from({ length: 7 }, (_, i) => ({ id: 10 + i * 3 }));
    const counts = new Map<number, number>();
    const window = PROMOTED_ROTATION_MINUTES * 60_000;
    for (let w = 0; w < candidates.length; w++) {
      const chosen = rotatePromoted(candidates, 1_700_000_000_000 + w * window);
      expect(chosen).toHaveLength(PROMOTED_SLOTS);
      for (const c of chosen) counts.set(c.id, (counts.get(c.id) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(candidates.map(() => PROMOTED_SLOTS));
    expect(rotatePromoted(candidates.slice(0, 2), 0)).toEqual(candidates.slice(0, 2));
  });

  it("keeps the ledger balanced", async () => {
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });
});
