/**
 * Business signup tracking (spec section 3, issue 3 item 2): which funnel
 * stages a business reached. Written by sign-up and the business steps,
 * read back only by the business itself.
 */
import type { Kysely, Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BUSINESS_SIGNUP_TRACKING_TYPES, businessSignupTrackingType, type BusinessSignupTrackingType } from "../../contract/registration";
import type { BusinessSignupTracking } from "../../contract/registration-steps";
import { USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that a business reached a step's funnel stage. Idempotent: the
 * unique (user_id, type) index keeps the first event; saving a step again
 * or a parallel request adds nothing. Steps without a code record nothing.
 */
export async function recordBusinessSignupStep(db: Db, userId: number, stepKey: string, now: number): Promise<void> {
  const type = businessSignupTrackingType(stepKey);
  if (!type) return;
  const user = await db.selectFrom("users").select(["user_type", "landing_page_id"]).where("id", "=", userId).executeTakeFirst();
  if (user?.user_type !== USER_TYPE.business) return;
  await db
    .insertInto("signup_tracking")
    .values({ user_id: userId, type, landing_page_id: user.landing_page_id, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "type"]).doNothing())
    .execute();
}

/** The caller's own funnel events in funnel order; only businesses have a funnel. */
export async function listBusinessSignupTracking(deps: ApiDeps, userId: number): Promise<BusinessSignupTracking> {
  const user = await deps.db
    .selectFrom("users")
    .select("user_type")
    .where("id", "=", userId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!user) throw fail.unauthorized();
  if (user.user_type !== USER_TYPE.business) throw fail.forbidden("exception.registration.step_not_for_user_type");
  const rows = await deps.db.selectFrom("signup_tracking").select(["type", "created_at"]).where("user_id", "=", userId).execute();
  const order = (type: string) => BUSINESS_SIGNUP_TRACKING_TYPES.indexOf(type as BusinessSignupTrackingType);
  const events = rows
    // Codes retired from the contract stay in the table but are not shown.
    .filter((row) => order(row.type) >= 0)
    .sort((a, b) => order(a.type) - order(b.type))
    .map((row) => ({ type: row.type as BusinessSignupTrackingType, created_at: Number(row.created_at) }));
  return { types: BUSINESS_SIGNUP_TRACKING_TYPES, events };
}
