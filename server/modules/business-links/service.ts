/**
 * Links between a business and the escorts it names (issue 9 item 9): requests until the escort accepts.
 * Every access is by the signed-in member's own id: an escort decides only on requests to them, a business
 * sees only its own list.
 */
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BUSINESS_LINK_STATUS, type BusinessLinksView, type BusinessLinkStatus } from "../../contract/business-links";
import type { Transaction } from "kysely";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { businessLinkRequestMail } from "./mails";

/**
 * Replaces the business's list of named escorts: escorts kept keep their answer, new ones become requests,
 * dropped ones are unlinked. Runs inside the caller's transaction; answers the escorts newly asked, whom the
 * caller mails (mailBusinessLinkRequests) once the transaction is committed.
 */
export async function setNamedEscorts(
  trx: Transaction<Database>,
  deps: ApiDeps,
  businessUserId: number,
  escortIds: number[],
): Promise<number[]> {
  const now = deps.clock.now();
  // Two saves at once must not merge their lists (or collide on a row both insert): the second waits here (ADR 058).
  await lockMembersForLimits(trx, deps.dialect, "businessEscorts", [businessUserId]);
  const existing = await trx
    .selectFrom("business_escorts")
    .select(["escort_user_id", "status", "created_at", "decided_at"])
    .where("business_user_id", "=", businessUserId)
    .execute();
  const before = new Map(existing.map((row) => [row.escort_user_id, row]));
  await trx.deleteFrom("business_escorts").where("business_user_id", "=", businessUserId).execute();
  if (escortIds.length === 0) return [];
  await trx
    .insertInto("business_escorts")
    .values(
      escortIds.map((escort_user_id, position) => {
        const kept = before.get(escort_user_id);
        return {
          business_user_id: businessUserId,
          escort_user_id,
          position,
          created_at: kept?.created_at ?? now,
          status: kept?.status ?? BUSINESS_LINK_STATUS.pending,
          decided_at: kept?.decided_at ?? null,
        };
      }),
    )
    .execute();
  return escortIds.filter((id) => !before.has(id));
}

/** Tells each escort newly named by a business where to accept or decline. */
export async function mailBusinessLinkRequests(deps: ApiDeps, businessUserId: number, escortIds: number[]): Promise<void> {
  if (escortIds.length === 0) return;
  const business = await deps.db.selectFrom("users").select("username").where("id", "=", businessUserId).executeTakeFirstOrThrow();
  const escorts = await deps.db.selectFrom("users").select(["username", "email", "language"]).where("id", "in", escortIds).execute();
  for (const escort of escorts) {
    const link = `${deps.config.publicUrl}/${escort.language}/user/linked_profiles`;
    await deps.mailer.send(
      businessLinkRequestMail({ to: escort.email, escort: escort.username, business: business.username, link, language: escort.language }),
    );
  }
}

/** GET /user/business-links; the data export (ADR 059) reads the same view. */
export async function businessLinksOf(deps: Pick<ApiDeps, "db">, userId: number): Promise<BusinessLinksView> {
  const asEscort = await deps.db
    .selectFrom("business_escorts")
    .innerJoin("users", "users.id", "business_escorts.business_user_id")
    .select(["users.username as business_username", "business_escorts.status", "business_escorts.created_at as requested_at"])
    .where("business_escorts.escort_user_id", "=", userId)
    .where("users.status", "=", "active")
    .orderBy("business_escorts.created_at", "desc")
    .execute();
  const asBusiness = await deps.db
    .selectFrom("business_escorts")
    .innerJoin("users", "users.id", "business_escorts.escort_user_id")
    .select(["users.username as escort_username", "business_escorts.status", "business_escorts.created_at as requested_at"])
    .where("business_escorts.business_user_id", "=", userId)
    .orderBy("business_escorts.position")
    .execute();
  const status = (value: string) => value as BusinessLinkStatus;
  return {
    as_escort: asEscort.map((row) => ({ ...row, status: status(row.status) })),
    as_business: asBusiness.map((row) => ({ ...row, status: status(row.status) })),
  };
}

/** The escort's answer to a business's request: accept lists them, decline (or a later removal) unlinks. */
export async function answerBusinessLink(deps: ApiDeps, escortUserId: number, businessUsername: string, accept: boolean): Promise<void> {
  const business = await deps.db
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", businessUsername.toLowerCase())
    .executeTakeFirst();
  const link = business
    ? await deps.db
        .selectFrom("business_escorts")
        .select("status")
        .where("business_user_id", "=", business.id)
        .where("escort_user_id", "=", escortUserId)
        .executeTakeFirst()
    : undefined;
  // Someone else's request, or none at all: the same answer, so ids cannot be probed.
  if (!business || !link) throw new ApiError(404, [errorItem(404, "exception.business_link.not_found")]);
  if (accept) {
    await deps.db
      .updateTable("business_escorts")
      .set({ status: BUSINESS_LINK_STATUS.accepted, decided_at: deps.clock.now() })
      .where("business_user_id", "=", business.id)
      .where("escort_user_id", "=", escortUserId)
      .execute();
  } else {
    await deps.db
      .deleteFrom("business_escorts")
      .where("business_user_id", "=", business.id)
      .where("escort_user_id", "=", escortUserId)
      .execute();
  }
}
