/**
 * The verification badges of profiles (ADR 107), for one profile page or a page of search tiles in one query:
 * photos real (profiles.verified_at, written by a verified webcam check), identity verified and ProstSchG
 * registration shown (a verified check of that kind the team has not reset).
 */
import type { Kysely } from "kysely";
import { VERIFICATION_STATUS, type VerificationBadges } from "../../contract/verification";
import type { Database } from "../../db/schema";

export const NO_BADGES: VerificationBadges = { photos_real: false, identity_verified: false, prostschg_shown: false };

export async function verificationBadgesOf(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, VerificationBadges>> {
  const badges = new Map<number, VerificationBadges>();
  if (userIds.length === 0) return badges;
  const [photos, checks] = await Promise.all([
    db
      .selectFrom("profiles")
      .select("user_id")
      .where("user_id", "in", [...userIds])
      .where("verified_at", "is not", null)
      .execute(),
    db
      .selectFrom("verification_checks")
      .select(["user_id", "kind"])
      .distinct()
      .where("user_id", "in", [...userIds])
      .where("kind", "in", ["id", "prostschg"])
      .where("status", "=", VERIFICATION_STATUS.verified)
      .where("reset_at", "is", null)
      .execute(),
  ]);
  const of = (id: number) => badges.get(id) ?? badges.set(id, { ...NO_BADGES }).get(id)!;
  for (const id of userIds) of(id);
  for (const row of photos) of(row.user_id).photos_real = true;
  for (const row of checks) {
    if (row.kind === "id") of(row.user_id).identity_verified = true;
    else of(row.user_id).prostschg_shown = true;
  }
  return badges;
}
