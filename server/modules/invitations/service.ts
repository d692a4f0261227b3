/**
 * Invitation codes: invitation-code/{code} checks one before it is stored in
 * the visitor's cookie; sign-up redeems it. A code is usable while it has not
 * expired and has uses left (max_uses null: unlimited).
 */
import { sql } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { INVITATION_LOOKUP_LIMIT } from "../../contract/invites";
import { randomToken } from "../../lib/crypto";
import { recordHit } from "../../lib/rate-limit";
import type { InvitationInfo } from "../../contract/invites";
export type { InvitationInfo };

/** The usable invitation with this code, or a 404 (unknown, expired, used up). */
export async function checkInvitationCode(deps: ApiDeps, code: string, clientIp: string): Promise<InvitationInfo> {
  const { db, clock } = deps;
  const now = clock.now();
  if ((await recordHit(db, now, { bucket: `invitation-lookup:${clientIp}`, ...INVITATION_LOOKUP_LIMIT })) > INVITATION_LOOKUP_LIMIT.limit) {
    throw fail.tooMany("exception.invitation.too_many_attempts");
  }
  const row = await db
    .selectFrom("invitation_codes")
    .leftJoin("users", "users.id", "invitation_codes.created_by_user_id")
    .select([
      "invitation_codes.code",
      "invitation_codes.uses",
      "invitation_codes.max_uses",
      "invitation_codes.expires_at",
      "users.username",
      "users.status",
    ])
    .where("invitation_codes.code", "=", code)
    .executeTakeFirst();
  if (!row || !isUsable(row, now)) throw fail.notFound("exception.invitation.invalid_or_expired");
  return {
    code: row.code,
    expires_at: row.expires_at,
    uses_left: row.max_uses === null ? null : row.max_uses - row.uses,
    invited_by: row.username && row.status === "active" ? row.username : null,
  };
}

function isUsable(row: { uses: number; max_uses: number | null; expires_at: number | null }, now: number): boolean {
  return (row.expires_at === null || row.expires_at > now) && (row.max_uses === null || row.uses < row.max_uses);
}

/**
 * Counts one use of a code, atomically (parallel sign-ups cannot exceed
 * max_uses). Answers false when the code is unknown or no longer usable; the
 * sign-up goes on without it then.
 */
export async function redeemInvitationCode(deps: ApiDeps, code: string): Promise<boolean> {
  const now = deps.clock.now();
  const result = await deps.db
    .updateTable("invitation_codes")
    .set({ uses: sql`uses + 1` })
    .where("code", "=", code)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewInvitation {
  createdByUserId?: number | null;
  maxUses?: number | null;
  expiresAt?: number | null;
  /** A chosen code (e.g. a campaign word); else a random one. */
  code?: string;
}

export async function createInvitationCode(deps: ApiDeps, input: NewInvitation = {}): Promise<string> {
  const code = input.code ?? randomToken(12);
  // A taken code is a conflict for every caller (team route, dev route), decided by the unique index, not a prior read.
  const inserted = await deps.db
    .insertInto("invitation_codes")
    .values({
      code,
      created_by_user_id: input.createdByUserId ?? null,
      max_uses: input.maxUses ?? null,
      expires_at: input.expiresAt ?? null,
      created_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw fail.conflict("exception.invitation.code_taken", "code");
  return code;
}
