/**
 * Requests that wait for a link sent by e-mail (email_changes, account_deletions): one open request per
 * member, closed when used, withdrawn, replaced or made pointless.
 */
import type { Kysely } from "kysely";
import { fail } from "../../api/errors";
import { SELF_SERVICE_STATUSES } from "../../contract/settings";
import type { Database } from "../../db/schema";
import { sha256 } from "../../lib/crypto";

export type LinkRequestTable = "email_changes" | "account_deletions";

/** Closes the member's open requests of one kind: their links stop working. */
export async function closeOpenRequests(db: Kysely<Database>, table: LinkRequestTable, userId: number, now: number): Promise<void> {
  await db.updateTable(table).set({ closed_at: now }).where("user_id", "=", userId).where("closed_at", "is", null).execute();
}

/**
 * Closes one open request as its link is used. False when it was closed meanwhile: of two clicks at the
 * same moment only one goes through.
 */
export async function closeRequestOnce(db: Kysely<Database>, table: LinkRequestTable, requestId: number, now: number): Promise<boolean> {
  const closed = await db
    .updateTable(table)
    .set({ closed_at: now })
    .where("id", "=", requestId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** An open request as the service that confirms it needs it: the request and its member. */
export interface OpenLinkRequest {
  id: number;
  userId: number;
  email: string;
  username: string;
  language: string;
}

/**
 * The request a link's token opens: open, unexpired, of a member who still manages the account
 * (SELF_SERVICE_STATUSES), else 400 `keys.invalid` at "token". The token alone decides (the link may be
 * opened on another device); a signed-in caller must be its owner, else 403 `keys.otherAccount`.
 */
export async function openRequestByToken(
  db: Kysely<Database>,
  table: LinkRequestTable,
  token: string,
  now: number,
  callerId: number | null,
  keys: { invalid: string; otherAccount: string },
): Promise<OpenLinkRequest> {
  const request = await db
    .selectFrom(table)
    .innerJoin("users", "users.id", `${table}.user_id`)
    .select([
      `${table}.id as id`,
      "users.id as userId",
      "users.status as status",
      "users.email as email",
      "users.username as username",
      "users.language as language",
    ])
    .where(`${table}.token_hash`, "=", sha256(token))
    .where(`${table}.closed_at`, "is", null)
    .where(`${table}.expires_at`, ">", now)
    .executeTakeFirst();
  if (!request || !(SELF_SERVICE_STATUSES as readonly string[]).includes(request.status)) throw fail.badRequest(keys.invalid, "token");
  if (callerId !== null && callerId !== request.userId) throw fail.forbidden(keys.otherAccount);
  return { id: request.id, userId: request.userId, email: request.email, username: request.username, language: request.language };
}
