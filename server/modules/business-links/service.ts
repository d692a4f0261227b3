/**
 * Links between a business and the escorts it names (issue 9 item 9, issue 25 item 2, ADR 069): requests until the
 * escort accepts. Every access is by the signed-in member's own id: an escort decides only on requests to them, a
 * business sees and changes only its own links.
 *
 * One writer (requestEscorts) asks escorts, for the registration step (setNamedEscorts) and for linked_profiles
 * (inviteEscort): the limit BUSINESS_ESCORTS_MAX and the request interval are checked there and nowhere else.
 */
import type { Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  ACTIVE_BUSINESS_LINK_STATUSES,
  BUSINESS_LINK_REQUEST_INTERVAL_DAYS,
  BUSINESS_LINK_STATUS,
  LISTED_FOR_BUSINESS_STATUSES,
  nextBusinessLinkRequestAt,
  type BusinessLinkChanged,
  type BusinessLinksView,
  type BusinessLinkStatus,
} from "../../contract/business-links";
import { BUSINESS_ESCORTS_MAX } from "../../contract/registration-steps";
import { BUSINESS_KINDS_WITH_LINKED_PROFILES } from "../../contract/settings";
import type { BusinessKind } from "../../contract/registration-sign-up";
import { USER_TYPE } from "../../contract/users";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { isBlockedBetween, isGuestVisible, isListedProfile, notBlockedWith, type ViewerContext } from "../access/index";
import { businessLinkRequestMail } from "./mails";

const NOT_FOUND = "exception.business_link.not_found";
const DAY = 24 * 60 * 60 * 1000;
const isActive = (status: string) => (ACTIVE_BUSINESS_LINK_STATUSES as readonly string[]).includes(status);

/**
 * Asks these escorts for this business: a name already pending or accepted stays as it is; a new name, or one
 * declined, ended or removed, becomes a request, unless the business asked (or was told no) within
 * BUSINESS_LINK_REQUEST_INTERVAL_DAYS; at most BUSINESS_ESCORTS_MAX pending and accepted links. Refusals are field
 * errors at sourceOf(escortId). Runs inside the caller's transaction after lockMembersForLimits; answers the escorts
 * newly asked, whom the caller mails (mailBusinessLinkRequests) once the transaction is committed.
 */
async function requestEscorts(
  trx: Transaction<Database>,
  deps: ApiDeps,
  businessUserId: number,
  escortIds: number[],
  sourceOf: (escortId: number) => string,
): Promise<number[]> {
  const now = deps.clock.now();
  const rows = await trx
    .selectFrom("business_escorts")
    .select(["escort_user_id", "status", "created_at", "decided_at", "position"])
    .where("business_user_id", "=", businessUserId)
    .execute();
  const byEscort = new Map(rows.map((row) => [row.escort_user_id, row]));
  const active = rows.filter((row) => isActive(row.status)).length;
  const asked = escortIds.filter((id) => !isActive(byEscort.get(id)?.status ?? ""));
  const tooSoon = asked.flatMap((id) => {
    const row = byEscort.get(id);
    const next = row ? nextBusinessLinkRequestAt(row) : 0;
    return next > now
      ? [
          errorItem(409, "exception.business_link.too_soon", sourceOf(id), {
            interval: BUSINESS_LINK_REQUEST_INTERVAL_DAYS,
            days: Math.ceil((next - now) / DAY),
          }),
        ]
      : [];
  });
  if (tooSoon.length > 0) throw new ApiError(409, tooSoon);
  if (active + asked.length > BUSINESS_ESCORTS_MAX) {
    throw new ApiError(409, [errorItem(409, "exception.business_link.limit_reached", sourceOf(asked[0]!), { max: BUSINESS_ESCORTS_MAX })]);
  }
  let position = rows.reduce((max, row) => Math.max(max, row.position), -1);
  for (const id of asked) {
    position += 1;
    const request = { status: BUSINESS_LINK_STATUS.pending, created_at: now, decided_at: null, position };
    if (byEscort.has(id)) {
      await trx
        .updateTable("business_escorts")
        .set(request)
        .where("business_user_id", "=", businessUserId)
        .where("escort_user_id", "=", id)
        .execute();
    } else {
      await trx
        .insertInto("business_escorts")
        .values({ business_user_id: businessUserId, escort_user_id: id, ...request })
        .execute();
    }
  }
  return asked;
}

/**
 * The registration step's list of named escorts: escorts kept keep their answer, new ones become requests (through
 * requestEscorts), dropped ones are removed. The list's order is the profile's order.
 */
export async function setNamedEscorts(
  trx: Transaction<Database>,
  deps: ApiDeps,
  businessUserId: number,
  escortIds: number[],
  sourceOf: (escortId: number) => string,
): Promise<number[]> {
  // Two saves at once must not merge their lists (or collide on a row both insert): the second waits here (ADR 058).
  await lockMembersForLimits(trx, deps.dialect, "businessEscorts", [businessUserId]);
  const now = deps.clock.now();
  const wanted = new Set(escortIds);
  const dropped = (
    await trx
      .selectFrom("business_escorts")
      .select("escort_user_id")
      .where("business_user_id", "=", businessUserId)
      .where("status", "in", [...ACTIVE_BUSINESS_LINK_STATUSES])
      .execute()
  )
    .map((row) => row.escort_user_id)
    .filter((id) => !wanted.has(id));
  if (dropped.length > 0) {
    await trx
      .updateTable("business_escorts")
      .set({ status: BUSINESS_LINK_STATUS.removed, decided_at: now })
      .where("business_user_id", "=", businessUserId)
      .where("escort_user_id", "in", dropped)
      .execute();
  }
  const requested = await requestEscorts(trx, deps, businessUserId, escortIds, sourceOf);
  for (const [position, id] of escortIds.entries()) {
    await trx
      .updateTable("business_escorts")
      .set({ position })
      .where("business_user_id", "=", businessUserId)
      .where("escort_user_id", "=", id)
      .execute();
  }
  return requested;
}

/** A business whose kind keeps linked profiles (contract/settings), or 403. */
async function requireLinkingBusiness(deps: ApiDeps, userId: number): Promise<void> {
  const user = await deps.db.selectFrom("users").select(["user_type", "business_kind"]).where("id", "=", userId).executeTakeFirst();
  const kind = user?.business_kind as BusinessKind | null | undefined;
  if (user?.user_type !== USER_TYPE.business || !kind || !BUSINESS_KINDS_WITH_LINKED_PROFILES.includes(kind)) {
    throw fail.forbidden("exception.business_link.not_a_business");
  }
}

/**
 * POST /user/business-links/escorts: the business asks one escort by username, or asks again after a decline, an
 * end or its own removal. An unknown name, a name that is no active escort and an escort who blocked the business
 * (or whom it blocked) get the same field error: the form reveals no more than the public profile pages do.
 */
export async function inviteEscort(deps: ApiDeps, businessUserId: number, username: string): Promise<BusinessLinkChanged> {
  await requireLinkingBusiness(deps, businessUserId);
  const escort = await deps.db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username_key", "=", username.toLowerCase())
    .where("user_type", "=", USER_TYPE.escort)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!escort || (await isBlockedBetween(deps, businessUserId, escort.id))) {
    throw fail.badRequest("validation.steps.escort_not_found", "username");
  }
  const requested = await deps.db.transaction().execute(async (trx) => {
    await lockMembersForLimits(trx, deps.dialect, "businessEscorts", [businessUserId]);
    const link = await trx
      .selectFrom("business_escorts")
      .select("status")
      .where("business_user_id", "=", businessUserId)
      .where("escort_user_id", "=", escort.id)
      .executeTakeFirst();
    if (link && isActive(link.status)) throw fail.conflict("exception.business_link.already_named", "username");
    return requestEscorts(trx, deps, businessUserId, [escort.id], () => "username");
  });
  await mailBusinessLinkRequests(deps, businessUserId, requested);
  return { escort_username: escort.username, status: BUSINESS_LINK_STATUS.pending };
}

/**
 * POST /user/business-links/escorts/{escort}/remove: the business takes back its request or ends a listing. Only its
 * own pending or accepted link; anything else, also another business's link to that escort, is the same 404.
 */
export async function removeEscortLink(deps: ApiDeps, businessUserId: number, escortUsername: string): Promise<BusinessLinkChanged> {
  const escort = await deps.db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username_key", "=", escortUsername.toLowerCase())
    .executeTakeFirst();
  const changed = escort
    ? await deps.db
        .updateTable("business_escorts")
        .set({ status: BUSINESS_LINK_STATUS.removed, decided_at: deps.clock.now() })
        .where("business_user_id", "=", businessUserId)
        .where("escort_user_id", "=", escort.id)
        .where("status", "in", [...ACTIVE_BUSINESS_LINK_STATUSES])
        .executeTakeFirst()
    : undefined;
  if (!escort || !changed || Number(changed.numUpdatedRows) === 0) throw fail.notFound(NOT_FOUND);
  return { escort_username: escort.username, status: BUSINESS_LINK_STATUS.removed };
}

/** Tells each escort newly asked by a business where to accept or decline. */
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
    .where("business_escorts.status", "in", [...ACTIVE_BUSINESS_LINK_STATUSES])
    .where("users.status", "=", "active")
    .orderBy("business_escorts.created_at", "desc")
    .execute();
  const asBusiness = await deps.db
    .selectFrom("business_escorts")
    .innerJoin("users", "users.id", "business_escorts.escort_user_id")
    .select(["users.username as escort_username", "business_escorts.status", "business_escorts.created_at", "business_escorts.decided_at"])
    .where("business_escorts.business_user_id", "=", userId)
    .where("business_escorts.status", "in", [...LISTED_FOR_BUSINESS_STATUSES])
    .orderBy("business_escorts.position")
    .execute();
  const status = (value: string) => value as BusinessLinkStatus;
  return {
    as_escort: asEscort.map((row) => ({ ...row, status: status(row.status) })),
    as_business: asBusiness.map((row) => ({
      escort_username: row.escort_username,
      status: status(row.status),
      requested_at: row.created_at,
      decided_at: row.decided_at,
      next_request_at: isActive(row.status) ? null : nextBusinessLinkRequestAt(row),
    })),
  };
}

/**
 * The escort's answer to a business's request: accept lists them; decline refuses a request, or ends an accepted
 * listing. Only a pending or accepted link of this escort; a declined or ended one waits for the business to ask again.
 */
export async function answerBusinessLink(
  deps: ApiDeps,
  escortUserId: number,
  businessUsername: string,
  accept: boolean,
): Promise<"accepted" | "declined" | "ended"> {
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
        .where("status", "in", [...ACTIVE_BUSINESS_LINK_STATUSES])
        .executeTakeFirst()
    : undefined;
  // Someone else's request, or none at all: the same answer, so ids cannot be probed.
  if (!business || !link) throw new ApiError(404, [errorItem(404, NOT_FOUND)]);
  const next = accept
    ? BUSINESS_LINK_STATUS.accepted
    : link.status === BUSINESS_LINK_STATUS.accepted
      ? BUSINESS_LINK_STATUS.ended
      : BUSINESS_LINK_STATUS.declined;
  await deps.db
    .updateTable("business_escorts")
    .set({ status: next, decided_at: deps.clock.now() })
    .where("business_user_id", "=", business.id)
    .where("escort_user_id", "=", escortUserId)
    .execute();
  return next;
}

/**
 * The escorts a business's profile lists (ADR 069): accepted links only, in the business's order, each escort shown
 * as lists show profiles to this viewer: listed (not banned, paused or hidden), not members-only for guests, no block
 * between the escort and the viewer.
 */
export async function listedEscortsOf(
  deps: Pick<ApiDeps, "db">,
  businessUserId: number,
  viewer: Pick<ViewerContext, "id">,
): Promise<Array<{ username: string; display_name: string }>> {
  return deps.db
    .selectFrom("business_escorts")
    .innerJoin("users", "users.id", "business_escorts.escort_user_id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "profiles.display_name"])
    .where("business_escorts.business_user_id", "=", businessUserId)
    .where("business_escorts.status", "=", BUSINESS_LINK_STATUS.accepted)
    .where("users.user_type", "=", USER_TYPE.escort)
    .where((eb) => {
      const profileEb = eb as unknown as Parameters<typeof isListedProfile>[0];
      return eb.and([isListedProfile(profileEb), viewer.id === null ? isGuestVisible(profileEb) : notBlockedWith(eb, viewer.id)]);
    })
    .orderBy("business_escorts.position")
    .limit(BUSINESS_ESCORTS_MAX)
    .execute();
}
