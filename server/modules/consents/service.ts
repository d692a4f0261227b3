/**
 * Consents given apart from the terms (ADR 023): granted with a time,
 * withdrawn at any time. Withdrawing the special-category consent deletes
 * the data it covered in the same transaction (the search_profiles
 * triggers then drop it from search).
 */
import type { Kysely, Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { SPECIAL_CATEGORY_TRAITS, SPECIAL_DATA_CONSENT, type ConsentItem, type ConsentPurpose } from "../../contract/consents";
import type { Database } from "../../db/schema";
import { precompiled, type Slots } from "../../db/precompiled";

type Db = Kysely<Database> | Transaction<Database>;

/** The active consent of a purpose, newest first; built once (ADR 148): the dashboard reads it on every view. */
const activeConsentOf = precompiled((db, slot: Slots<{ userId: number; purpose: ConsentPurpose }>) =>
  db
    .selectFrom("consents")
    .select("granted_at")
    .where("user_id", "=", slot("userId"))
    .where("purpose", "=", slot("purpose"))
    .where("withdrawn_at", "is", null)
    .orderBy("granted_at", "desc"),
);

/** When the active consent of `purpose` was given, or null when there is none. */
export async function activeConsentSince(db: Db, userId: number, purpose: ConsentPurpose): Promise<number | null> {
  const [row] = await activeConsentOf(db, { userId, purpose });
  return row ? Number(row.granted_at) : null;
}

/** Records the consent unless one stands already (giving it again keeps the first time). */
export async function grantConsent(db: Db, userId: number, purpose: ConsentPurpose, now: number): Promise<void> {
  if ((await activeConsentSince(db, userId, purpose)) !== null) return;
  await db.insertInto("consents").values({ user_id: userId, purpose, granted_at: now, withdrawn_at: null }).execute();
}

/**
 * Ends the active consent of `purpose` and deletes what it covered. Runs in
 * the caller's transaction (the registration step) or its own.
 */
export async function withdrawConsent(db: Db, userId: number, purpose: ConsentPurpose, now: number): Promise<void> {
  await db
    .updateTable("consents")
    .set({ withdrawn_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("withdrawn_at", "is", null)
    .execute();
  if (purpose === SPECIAL_DATA_CONSENT) {
    await db
      .deleteFrom("profile_traits")
      .where("user_id", "=", userId)
      .where("group_key", "in", [...SPECIAL_CATEGORY_TRAITS])
      .execute();
  }
}

/** The caller's consents that stand now. */
export async function listConsents(deps: ApiDeps, userId: number): Promise<ConsentItem[]> {
  const rows = await deps.db
    .selectFrom("consents")
    .select(["purpose", "granted_at"])
    .where("user_id", "=", userId)
    .where("withdrawn_at", "is", null)
    .orderBy("granted_at")
    .execute();
  return rows.map((row) => ({ purpose: row.purpose as ConsentPurpose, granted_at: Number(row.granted_at) }));
}

/** PUT /user/consents/{purpose}: the member gives a consent the page offers (giving it again keeps the first time). */
export async function grantOwnConsent(deps: ApiDeps, userId: number, purpose: ConsentPurpose): Promise<ConsentItem[]> {
  await grantConsent(deps.db, userId, purpose, deps.clock.now());
  return listConsents(deps, userId);
}

/** DELETE /user/consents/{purpose}: the member withdraws (a consent that does not stand is no error). */
export async function withdrawOwnConsent(deps: ApiDeps, userId: number, purpose: ConsentPurpose): Promise<ConsentItem[]> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await withdrawConsent(trx, userId, purpose, now);
    await trx.updateTable("profiles").set({ updated_at: now }).where("user_id", "=", userId).execute();
  });
  return listConsents(deps, userId);
}
