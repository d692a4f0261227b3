/**
 * Staff claims (issue 30 item 5, ADR 119): a team member takes a queue item for CLAIM_MINUTES so nobody else decides
 * it meanwhile. One row per (scope, item): the unique index lets exactly one of two simultaneous claims win on both
 * databases; a claim past its expiry holds nothing and is replaced by the next claimer. The decide routes check
 * claims generically (server/api/claim-gate.ts); every claim, renewal and release writes its audit row.
 */
import type { Transaction } from "kysely";
import { claimedByOther } from "../../api/claim-gate";
import { ApiError, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { CLAIM_MS, QUEUE_ERRORS, type ClaimBody, type ClaimedNext, type ClaimReleased, type StaffClaim } from "../../contract/queues";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import type { ModerationQueueDeclaration } from "../manifest";

type Trx = Transaction<Database>;

interface ScopeOwner {
  queue: string;
  declaration: ModerationQueueDeclaration;
}

/** The claim scopes of every declared queue: its name, or its declared `scopes`. */
export function claimScopesOf(deps: Pick<ApiDeps, "features">): Map<string, ScopeOwner> {
  const scopes = new Map<string, ScopeOwner>();
  for (const [queue, declaration] of deps.features.moderationQueues)
    for (const scope of declaration.scopes ?? [queue]) scopes.set(scope, { queue, declaration });
  return scopes;
}

/** The queue a scope belongs to, after the caller's permission for it; 404 for a scope no manifest declares. */
async function ownerOfScope(deps: ApiDeps, staffId: number, scope: string): Promise<ScopeOwner> {
  const owner = claimScopesOf(deps).get(scope);
  // Staff first: a member learns nothing about which queues exist.
  await requireStaffPermission(deps, staffId, owner?.declaration.permission ?? "queues.decide");
  if (!owner) throw fail.notFound(QUEUE_ERRORS.unknownScope);
  return owner;
}

async function queueOfName(deps: ApiDeps, staffId: number, queue: string): Promise<ModerationQueueDeclaration> {
  const declaration = deps.features.moderationQueues.get(queue);
  await requireStaffPermission(deps, staffId, declaration?.permission ?? "queues.decide");
  if (!declaration) throw fail.notFound(QUEUE_ERRORS.unknownScope);
  return declaration;
}

type ClaimRow = { queue: string; item_id: number; staff_id: number; claimed_at: number | string; expires_at: number | string };

async function holderOf(trx: Trx | ApiDeps["db"], scope: string, itemId: number) {
  return trx
    .selectFrom("staff_claims")
    .innerJoin("users", "users.id", "staff_claims.staff_id")
    .select(["staff_claims.queue", "staff_claims.item_id", "staff_claims.staff_id", "staff_claims.claimed_at", "staff_claims.expires_at"])
    .select("users.username")
    .where("staff_claims.queue", "=", scope)
    .where("staff_claims.item_id", "=", itemId)
    .executeTakeFirst();
}

function claimOf(row: ClaimRow & { username: string }, callerId: number): StaffClaim {
  return {
    queue: row.queue,
    item_id: row.item_id,
    staff: { id: row.staff_id, username: row.username },
    claimed_at: Number(row.claimed_at),
    expires_at: Number(row.expires_at),
    mine: row.staff_id === callerId,
  };
}

/** Whether the item is one of its queue's open items (a queue without an `open` query cannot say: yes). */
async function isOpen(deps: ApiDeps, owner: ScopeOwner, scope: string, itemId: number): Promise<boolean> {
  if (!owner.declaration.open) return true;
  const row = await deps.db
    .selectFrom(owner.declaration.open(deps.db).as("open"))
    .select("open.id")
    .where("open.id", "=", itemId)
    .where("open.scope", "=", scope)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes (or renews) the item for the caller. 409 when another staff member holds a live claim; 404 when the item is
 * not open in its queue. Of two simultaneous claims exactly one inserts the row; the other reads the winner and gets 409.
 */
export async function claimItem(deps: ApiDeps, staffId: number, body: ClaimBody): Promise<StaffClaim> {
  const owner = await ownerOfScope(deps, staffId, body.queue);
  if (!(await isOpen(deps, owner, body.queue, body.item_id))) throw fail.notFound(QUEUE_ERRORS.nothingOpen);
  return takeClaim(deps, staffId, body.queue, body.item_id);
}

async function takeClaim(deps: ApiDeps, staffId: number, scope: string, itemId: number): Promise<StaffClaim> {
  const now = deps.clock.now();
  const expiresAt = now + CLAIM_MS;
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await holderOf(trx, scope, itemId);
    // An expired claim holds nothing: the next claimer replaces it.
    await trx.deleteFrom("staff_claims").where("queue", "=", scope).where("item_id", "=", itemId).where("expires_at", "<=", now).execute();
    const inserted = await trx
      .insertInto("staff_claims")
      .values({ queue: scope, item_id: itemId, staff_id: staffId, claimed_at: now, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(["queue", "item_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const holder = await holderOf(trx, scope, itemId);
      if (holder && holder.staff_id !== staffId) throw claimedByOther(holder);
      await trx
        .updateTable("staff_claims")
        .set({ expires_at: expiresAt })
        .where("queue", "=", scope)
        .where("item_id", "=", itemId)
        .execute();
    }
    const after = (await holderOf(trx, scope, itemId))!;
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: inserted ? "queues.claim" : "queues.renew",
        subjectType: scope,
        subjectId: String(itemId),
        reason: null,
        before: before ? { staff_id: before.staff_id, expires_at: Number(before.expires_at) } : null,
        after: { staff_id: after.staff_id, expires_at: Number(after.expires_at) },
      },
      now,
    );
    return after;
  });
  return claimOf(row, staffId);
}

/** Gives the caller's claim back (released: false when they held none); another's live claim is theirs to give: 409. */
export async function releaseClaim(deps: ApiDeps, staffId: number, body: ClaimBody): Promise<ClaimReleased> {
  await ownerOfScope(deps, staffId, body.queue);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const holder = await holderOf(trx, body.queue, body.item_id);
    const live = holder && Number(holder.expires_at) > now;
    if (live && holder.staff_id !== staffId) throw claimedByOther(holder);
    // Nothing held by the caller: nothing changes, so no audit row (the trail records changes, ADR 119).
    if (!holder || holder.staff_id !== staffId) return { queue: body.queue, item_id: body.item_id, released: false };
    await trx.deleteFrom("staff_claims").where("queue", "=", body.queue).where("item_id", "=", body.item_id).execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "queues.release",
        subjectType: body.queue,
        subjectId: String(body.item_id),
        reason: null,
        before: { staff_id: holder.staff_id, expires_at: Number(holder.expires_at) },
        after: null,
      },
      now,
    );
    return { queue: body.queue, item_id: body.item_id, released: true };
  });
}

/**
 * "Take next": claims the oldest open item of the queue that nobody else holds (one the caller holds already counts
 * as free, so pressing it twice gives the same item). A lost race moves on to the next candidate.
 */
export async function claimNext(deps: ApiDeps, staffId: number, queue: string): Promise<ClaimedNext> {
  const declaration = await queueOfName(deps, staffId, queue);
  if (!declaration.open) return { claim: null };
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.clock.now();
    const candidate = await deps.db
      .selectFrom(declaration.open(deps.db).as("open"))
      .leftJoin("staff_claims", (join) =>
        join
          .onRef("staff_claims.queue", "=", "open.scope")
          .onRef("staff_claims.item_id", "=", "open.id")
          .on("staff_claims.expires_at", ">", now),
      )
      .select(["open.id", "open.scope"])
      .where((eb) => eb.or([eb("staff_claims.id", "is", null), eb("staff_claims.staff_id", "=", staffId)]))
      // The page's order: oldest first, on a tie the scope (content.media before content.text), then the id.
      .orderBy("open.since")
      .orderBy("open.scope")
      .orderBy("open.id")
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return { claim: null };
    try {
      return { claim: await takeClaim(deps, staffId, candidate.scope, candidate.id) };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
  }
  return { claim: null };
}

/** The live claims on one queue's items (all its scopes), for its page: who holds what until when. */
export async function queueClaims(deps: ApiDeps, staffId: number, queue: string): Promise<StaffClaim[]> {
  const declaration = await queueOfName(deps, staffId, queue);
  const rows = await deps.db
    .selectFrom("staff_claims")
    .innerJoin("users", "users.id", "staff_claims.staff_id")
    .select(["staff_claims.queue", "staff_claims.item_id", "staff_claims.staff_id", "staff_claims.claimed_at", "staff_claims.expires_at"])
    .select("users.username")
    .where("staff_claims.queue", "in", [...(declaration.scopes ?? [queue])])
    .where("staff_claims.expires_at", ">", deps.clock.now())
    .orderBy("staff_claims.id")
    .execute();
  return rows.map((row) => claimOf(row, staffId));
}
