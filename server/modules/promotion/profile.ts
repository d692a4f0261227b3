/**
 * The promotion profile (issue 27 item 3, spec section 4 "Share/promotion status", ADR 090): an escort or a business
 * pays PRICES.promotion_profile for a headline and one of her public photos in the promoted slot of her city's
 * directory page and of the search's first page. Every purchase waits for the team (pending); the team accepts it —
 * it runs PROMOTION_PROFILE_DAYS from that moment — or refuses it with a reason code, and the dollars go back through
 * the ledger (REFUND), exactly once.
 *
 * Money and state move together: the purchase posts its spend in the transaction that inserts the pending row, and
 * the refusal posts its refund in the transaction whose conditional update (`status = 'pending'`) decides it — the
 * second of two clicks updates no row and refunds nothing. The slot compares `ends_at` with `now` when it reads, so a
 * promotion ends on time without a job.
 */
import { requireStaffPermission } from "../access/index";
import type { Selectable } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { PRICES } from "../../contract/prices";
import {
  PROMOTED_ROTATION_MINUTES,
  PROMOTED_SLOTS,
  PROMOTION_ERRORS,
  PROMOTION_REVIEW_PAGE_SIZE,
  type ProfilePromotionAnswer,
  type ProfilePromotionBuyInput,
  type PromotedProfile,
  type PromotionDecisionAnswer,
  type PromotionDecisionInput,
  type PromotionPhoto,
  type PromotionReviewQueue,
} from "../../contract/promotion";
import { USER_TYPE } from "../../contract/users";
import { PROMOTION_PROFILE_DAYS, type PromotionCode, type TokenOperationAnswer } from "../../contract/wallet";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import { recordAudit } from "../audit/index";
import { recordQueueDecisionStatement } from "../statements/index";
import { PROMOTION_REJECT_CLAUSES } from "../../contract/statements";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { mediaImageOf } from "../media/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { notifyWalletChanged } from "../wallet/index";
import type { PromotionsTable } from "./schema";
import { itemsOf } from "./items";

const DAY_MS = 24 * 60 * 60 * 1000;
const PROMOTING_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

type PromotionRow = Selectable<PromotionsTable>;

/** The member's photos a promotion profile may show: accepted or waiting for the team, and public (the slot is public). */
export async function promotablePhotos(db: DB, userId: number, onlyId?: number): Promise<PromotionPhoto[]> {
  const rows = await db
    .selectFrom("media")
    .select(["id", "public_id", "width", "height", "variant_widths"])
    .where("user_id", "=", userId)
    .where("kind", "=", MEDIA_KIND.photo)
    .where("status", "in", [MEDIA_STATUS.accepted, MEDIA_STATUS.pending])
    .where("visibility", "=", "public")
    .$if(onlyId !== undefined, (qb) => qb.where("id", "=", onlyId!))
    .orderBy("position")
    .orderBy("id")
    .limit(48)
    .execute();
  return rows.map((row) => ({ id: row.id, image: mediaImageOf(row) }));
}

/** The member's promotion profile that waits for the team or runs now (one at a time). */
export async function openProfilePromotion(db: DB, userId: number, now: number): Promise<PromotionRow | undefined> {
  return db
    .selectFrom("promotions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("type", "=", "profile")
    .where((eb) => eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "accepted"), eb("ends_at", ">", now)])]))
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function answerOf(deps: ApiDeps, row: PromotionRow, replayed: boolean): Promise<ProfilePromotionAnswer> {
  const balances = await memberBalances(deps, row.user_id, "dollar");
  const [item] = await itemsOf(deps.db, [row], deps.clock.now());
  const paid = row.operation_id !== null;
  const status: TokenOperationAnswer["status"] = paid ? "succeeded" : row.code === "insufficient" ? "insufficient" : "failed";
  return {
    promotion: item!,
    operation: {
      status,
      operation_id: row.operation_id,
      kind: "PROMOTION_PROFILE",
      amount: paid ? Number(row.price) : 0,
      balance: balances.wallet,
      replayed,
    },
  };
}

async function insertRefusal(trx: DB, userId: number, key: string, input: ProfilePromotionBuyInput, code: PromotionCode, now: number) {
  return trx
    .insertInto("promotions")
    .values({
      user_id: userId,
      type: "profile",
      request_key: key,
      status: "rejected",
      code,
      price: 0,
      operation_id: null,
      starts_at: null,
      ends_at: null,
      created_at: now,
      text: input.text,
      media_id: input.media_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Buys a promotion profile for the member's own profile under the page's idempotency key: the dollars are paid now,
 * the promotion waits for the team (pending). Refused without moving money when the wallet does not cover it
 * (insufficient), when one waits or runs already (already_running) or when the profile is not listed (not_listed);
 * a refusal is recorded under the key too, so a retry answers it again. A photo that is not one of the member's
 * public photos is a 400 at the field (nothing recorded: the member corrects the form).
 */
export async function buyProfilePromotion(deps: ApiDeps, userId: number, input: ProfilePromotionBuyInput): Promise<ProfilePromotionAnswer> {
  const owner = await deps.db.selectFrom("users").select(["id", "user_type"]).where("id", "=", userId).executeTakeFirst();
  if (!owner || !PROMOTING_TYPES.includes(owner.user_type)) throw fail.forbidden(PROMOTION_ERRORS.providersOnly);
  const earlier = await byKey(deps.db, userId, input.key);
  if (earlier) return answerOf(deps, earlier, true);
  if ((await promotablePhotos(deps.db, userId, input.media_id)).length === 0)
    throw new ApiError(400, [errorItem(400, PROMOTION_ERRORS.photoNotFound, "media_id")]);
  const now = deps.clock.now();
  const price = PRICES.promotion_profile.amount;

  let outcome: { row: PromotionRow; replayed: boolean };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // "One at a time" counts rows: one promotion purchase of this member at a time (the rise-ups' lock space).
      await lockMembersForLimits(trx, deps.dialect, "riseUps", [userId]);
      const again = await byKey(trx, userId, input.key);
      if (again) return { row: again, replayed: true };
      const listed = await trx.selectFrom("search_profiles").select("user_id").where("user_id", "=", userId).executeTakeFirst();
      if (!listed) return { row: await insertRefusal(trx, userId, input.key, input, "not_listed", now), replayed: false };
      if (await openProfilePromotion(trx, userId, now))
        return { row: await insertRefusal(trx, userId, input.key, input, "already_running", now), replayed: false };
      const row = await trx
        .insertInto("promotions")
        .values({
          user_id: userId,
          type: "profile",
          request_key: input.key,
          status: "pending",
          code: null,
          price,
          operation_id: null,
          starts_at: null,
          ends_at: null,
          created_at: now,
          text: input.text,
          media_id: input.media_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Paid in this transaction: a wallet that does not cover it throws LedgerInsufficient and nothing stays.
      const posted = await postOperationIn(trx, deps, {
        key: `promotion_profile:${input.key}`,
        kind: "PROMOTION_PROFILE",
        currency: "dollar",
        actorId: userId,
        reference: `promotion:${row.id}`,
        transfers: dollarOperations.spend(userId, price, "PROMOTION_PROFILE").transfers,
      });
      const paid = await trx
        .updateTable("promotions")
        .set({ operation_id: posted.operationId })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: paid, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    outcome = await deps.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, deps.dialect, "riseUps", [userId]);
      const again = await byKey(trx, userId, input.key);
      if (again) return { row: again, replayed: true };
      return { row: await insertRefusal(trx, userId, input.key, input, "insufficient", now), replayed: false };
    });
  }
  if (!outcome.replayed && outcome.row.operation_id !== null) await notifyWalletChanged(deps, userId);
  return answerOf(deps, outcome.row, outcome.replayed);
}

function byKey(db: DB, userId: number, key: string): Promise<PromotionRow | undefined> {
  return db.selectFrom("promotions").selectAll().where("user_id", "=", userId).where("request_key", "=", key).executeTakeFirst();
}

/** Staff (team 10, backend 9), read from the database on every call: anyone else gets 403. */
async function requireStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "queues.decide");
}

/** GET /backoffice/promotions: the promotion profiles waiting for the team, oldest first. */
export async function promotionReviewQueue(deps: ApiDeps, staffId: number, page: number): Promise<PromotionReviewQueue> {
  await requireStaff(deps, staffId);
  const pending = deps.db.selectFrom("promotions").where("promotions.type", "=", "profile").where("promotions.status", "=", "pending");
  const [rows, count] = await Promise.all([
    pending
      .innerJoin("users", "users.id", "promotions.user_id")
      .innerJoin("profiles", "profiles.user_id", "promotions.user_id")
      .leftJoin("search_profiles", "search_profiles.user_id", "promotions.user_id")
      .selectAll("promotions")
      .select(["users.username", "users.user_type", "profiles.display_name", "search_profiles.user_id as listed_id"])
      .orderBy("promotions.created_at")
      .orderBy("promotions.id")
      .limit(PROMOTION_REVIEW_PAGE_SIZE)
      .offset((page - 1) * PROMOTION_REVIEW_PAGE_SIZE)
      .execute(),
    pending.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items = await itemsOf(deps.db, rows, deps.clock.now());
  return {
    items: rows.map((row, index) => ({
      id: row.id,
      member: {
        id: row.user_id,
        username: row.username,
        display_name: row.display_name ?? row.username,
        user_type: row.user_type,
        listed: row.listed_id !== null,
      },
      content: items[index]!.content ?? { text: "", photo: null },
      price: Number(row.price),
      created_at: Number(row.created_at),
    })),
    total: Number(count.n),
    page,
    page_size: PROMOTION_REVIEW_PAGE_SIZE,
  };
}

/**
 * The team's decision about a pending promotion profile. Accepted: it runs PROMOTION_PROFILE_DAYS from now (code
 * `reviewed`). Rejected with a reason code: the price goes back to the member's wallet (REFUND, ledger key
 * `promotion_refund:<id>`) in the transaction that decides it. The decision is a conditional update of a pending row:
 * of two clicks (or two staff members) exactly one decides and refunds, the other gets 409 already_decided.
 */
export async function decideProfilePromotion(
  deps: ApiDeps,
  staffId: number,
  promotionId: number,
  input: PromotionDecisionInput,
): Promise<PromotionDecisionAnswer> {
  await requireStaff(deps, staffId);
  const found = await deps.db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", promotionId)
    .where("type", "=", "profile")
    .executeTakeFirst();
  if (!found) throw fail.notFound(PROMOTION_ERRORS.notFound);
  const now = deps.clock.now();
  const accept = input.decision === "accept";

  const result = await deps.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("promotions")
      .set(
        accept
          ? {
              status: "accepted",
              code: "reviewed",
              starts_at: now,
              ends_at: now + PROMOTION_PROFILE_DAYS * DAY_MS,
              decided_by: staffId,
              decided_at: now,
            }
          : { status: "rejected", code: input.reason, decided_by: staffId, decided_at: now },
      )
      .where("id", "=", promotionId)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!decided) return null;
    let row = decided;
    const price = Number(row.price);
    if (!accept && price > 0) {
      const refund = await postOperationIn(trx, deps, {
        key: `promotion_refund:${row.id}`,
        kind: "REFUND",
        currency: "dollar",
        actorId: staffId,
        reference: `promotion:${row.id}`,
        transfers: dollarOperations.serviceRefund(row.user_id, price).transfers,
      });
      row = await trx
        .updateTable("promotions")
        .set({ refund_operation_id: refund.operationId })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const clause = accept ? null : PROMOTION_REJECT_CLAUSES[input.reason];
    if (clause !== null) {
      const statement = {
        userId: row.user_id,
        item: "promotion",
        subjectKind: "promotion",
        subjectId: row.id,
        reason: { clause },
        refunded: row.refund_operation_id !== null,
        notice: { item: "promotion", url: "promotion/profile" },
      } as const;
      await recordQueueDecisionStatement(trx, { ...statement, when: "before_publication", decidedBy: staffId }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: accept ? "promotion_profile.accept" : "promotion_profile.reject",
        subjectType: "promotion",
        subjectId: String(row.id),
        reason: accept ? null : row.code,
        before: { status: "pending", price },
        after: { status: row.status, code: row.code, ends_at: row.ends_at, refund_operation_id: row.refund_operation_id },
      },
      now,
    );
    // A refusal with a statement is told by the statement's one bell line and mail; one refused only because the
    // profile is not listed restricts nothing, has no statement and keeps its own line.
    if (clause !== null) return { row, hints: [] as NotificationHints };
    const hints: NotificationHints = await notify(deps, trx, {
      userId: row.user_id,
      event: accept ? "promotion_accepted" : "promotion_rejected",
      subject: { type: "promotion", id: row.id },
      params: accept ? { days: String(PROMOTION_PROFILE_DAYS) } : { reason: row.code ?? "" },
      url: "promotion/profile",
    });
    return { row, hints };
  });
  if (!result) throw fail.conflict(PROMOTION_ERRORS.alreadyDecided);
  await publishNotificationHints(deps, result.hints);
  if (result.row.refund_operation_id !== null) await notifyWalletChanged(deps, result.row.user_id);
  const [item] = await itemsOf(deps.db, [result.row], now);
  return { promotion: item!, refund_operation_id: result.row.refund_operation_id };
}

// ── The promoted slot (docs/search-ranking.md) ─────────────────────────────────────────────────────────────────

/** A running promotion profile: the slot's candidate. */
export interface PromotedCandidate {
  id: number;
  user_id: number;
  ends_at: number;
}

/** The promotion profiles running at `now` (accepted, started, not ended), by promotion id. */
export async function runningProfilePromotions(db: DB, now: number): Promise<PromotedCandidate[]> {
  const rows = await db
    .selectFrom("promotions")
    .select(["id", "user_id", "ends_at"])
    .where("type", "=", "profile")
    .where("status", "=", "accepted")
    .where("ends_at", ">", now)
    .where("starts_at", "<=", now)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, user_id: row.user_id, ends_at: Number(row.ends_at) }));
}

/**
 * At most PROMOTED_SLOTS of the candidates a page may show, taking turns: the candidates in promotion id order form a
 * ring, and each window of PROMOTED_ROTATION_MINUTES starts one further along it. Over as many windows as there are
 * candidates every candidate shows exactly PROMOTED_SLOTS times (or in every window, when they fit at once).
 */
export function rotatePromoted<T extends { id: number }>(candidates: readonly T[], now: number, slots = PROMOTED_SLOTS): T[] {
  if (candidates.length <= slots) return [...candidates].sort((a, b) => a.id - b.id);
  const ring = [...candidates].sort((a, b) => a.id - b.id);
  const window = Math.floor(now / (PROMOTED_ROTATION_MINUTES * 60_000));
  const start = window % ring.length;
  return Array.from({ length: slots }, (_, i) => ring[(start + i) % ring.length]!);
}

/** The promoted slot's cards of the chosen candidates, in their order (a member gone meanwhile is left out). */
export async function promotedCards(db: DB, chosen: readonly PromotedCandidate[]): Promise<PromotedProfile[]> {
  if (chosen.length === 0) return [];
  const ids = chosen.map((c) => c.id);
  const rows = await db
    .selectFrom("promotions")
    .innerJoin("users", "users.id", "promotions.user_id")
    .innerJoin("profiles", "profiles.user_id", "promotions.user_id")
    .leftJoin("cities", "cities.id", "profiles.city_id")
    // Only an accepted public photo is shown on public pages: one the member hid or the team refused meanwhile is not.
    .leftJoin("media", (join) =>
      join
        .onRef("media.id", "=", "promotions.media_id")
        .onRef("media.user_id", "=", "promotions.user_id")
        .on("media.status", "=", MEDIA_STATUS.accepted)
        .on("media.visibility", "=", "public"),
    )
    .select([
      "promotions.id",
      "promotions.user_id",
      "promotions.text",
      "promotions.ends_at",
      "users.username",
      "users.user_type",
      "profiles.display_name",
      "cities.name as city_name",
      "media.public_id",
      "media.width",
      "media.height",
      "media.variant_widths",
    ])
    .where("promotions.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return chosen.flatMap((candidate) => {
    const row = byId.get(candidate.id);
    if (!row) return [];
    return [
      {
        promotion_id: row.id,
        user_id: row.user_id,
        username: row.username,
        display_name: row.display_name ?? row.username,
        user_type: row.user_type,
        city_name: row.city_name ?? null,
        text: row.text ?? "",
        photo:
          row.public_id === null || row.width === null || row.height === null
            ? null
            : mediaImageOf({ public_id: row.public_id, width: row.width, height: row.height, variant_widths: row.variant_widths }),
        until: Number(row.ends_at),
      },
    ];
  });
}
