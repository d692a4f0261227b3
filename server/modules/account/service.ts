/**
 * user/pause_delete (issue 10): pause (the profile disappears from search, the directory and its page;
 * resumable any time), deactivate (the same, and every session ends), resume, and delete — free, confirmed
 * by a link sent by e-mail (24 hours), behind the current password.
 *
 * Deletion removes or anonymizes everything personal at once (ADR 026): the profile and its traits,
 * prices, hours, photos (files too), consents, blocks, links to businesses, filters, pending changes and
 * sessions; the account row stays only as an anonymous tombstone (status deleted, no name, address,
 * birth date or password), so ids in other members' records (later messages and reviews) point at "a
 * deleted member". The username becomes free again: erasure outweighs reserving it. What the law makes us
 * keep — invoices and their payment records for 10 years (§147 AO, §257 HGB) — arrives with payments and
 * will stay with the tombstone, nothing else.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  ACCOUNT_DELETION_TTL_MS,
  SELF_SERVICE_STATUSES,
  type AccountDeleted,
  type AccountState,
  type SelfServiceStatus,
} from "../../contract/settings";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { plusRunning } from "../access/index";
import { revokeOtherTokens } from "../auth/index";
import { removeChunkedUploads } from "../media/index";
import { randomToken, sha256 } from "../../lib/crypto";
import { UNUSABLE_PASSWORD } from "../claims/index";
import { assertCurrentPassword, closeOpenRequests, closeRequestOnce, openRequestByToken } from "../settings/index";
import { accountDeletedMail, deletionConfirmMail } from "./mails";
import { forgetInvoiceOwner } from "../invoices/index";
import { pausedByTeam } from "../members/index";
import { MEMBER_ERRORS } from "../../contract/members";

interface Account {
  id: number;
  username: string;
  email: string;
  status: SelfServiceStatus;
  password_hash: string;
  language: string;
  is_member: number;
  member_until: number | null;
}

async function loadAccount(deps: ApiDeps, userId: number): Promise<Account> {
  const row = await deps.db
    .selectFrom("users")
    .select(["id", "username", "email", "status", "password_hash", "language", "is_member", "member_until"])
    .where("id", "=", userId)
    .where("status", "in", [...SELF_SERVICE_STATUSES])
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return row as Account;
}

export async function accountState(deps: ApiDeps, userId: number): Promise<AccountState> {
  const account = await loadAccount(deps, userId);
  const now = deps.clock.now();
  const pending = await deps.db
    .selectFrom("account_deletions")
    .select("expires_at")
    .where("user_id", "=", userId)
    .where("closed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    status: account.status,
    is_member: plusRunning(account, now),
    member_until: account.member_until,
    deletion_requested_until: pending?.expires_at ?? null,
  };
}

/**
 * Pauses or deactivates (the search table and every listing rule follow the status), or resumes.
 * Deactivating also ends every other session: the member is gone until they sign in again.
 */
export async function setAccountStatus(deps: ApiDeps, userId: number, tokenId: number, status: SelfServiceStatus): Promise<AccountState> {
  await loadAccount(deps, userId);
  // A pause by the team (ADR 118) ends at its time or by the team, not by the member's resume.
  if (status === "active" && (await pausedByTeam(deps, userId))) throw fail.forbidden(MEMBER_ERRORS.pausedByTeam);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ status, updated_at: now }).where("id", "=", userId).execute();
    if (status === "deactivated") {
      await revokeOtherTokens(trx, userId, tokenId, now);
    }
  });
  return accountState(deps, userId);
}

/** Sends the deletion link; the current password first (a session left open elsewhere is not enough). */
export async function requestDeletion(deps: ApiDeps, userId: number, currentPassword: string, language: string): Promise<AccountState> {
  const account = await loadAccount(deps, userId);
  await assertCurrentPassword(deps, account, currentPassword);
  const now = deps.clock.now();
  const token = randomToken();
  await deps.db.transaction().execute(async (trx) => {
    // One open request: a parallel one waits here, then closes this one's (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "accountDeletions", [userId]);
    await closeOpenRequests(trx, "account_deletions", userId, now);
    await trx
      .insertInto("account_deletions")
      .values({ user_id: userId, token_hash: sha256(token), created_at: now, expires_at: now + ACCOUNT_DELETION_TTL_MS, closed_at: null })
      .execute();
  });
  const link = `${deps.config.publicUrl}/${language}/user/pause_delete?delete=${encodeURIComponent(token)}`;
  await deps.mailer.send(deletionConfirmMail({ to: account.email, username: account.username, language, link }));
  return accountState(deps, userId);
}

/** Withdraws a deletion that waits for its link. */
export async function cancelDeletion(deps: ApiDeps, userId: number): Promise<AccountState> {
  await closeOpenRequests(deps.db, "account_deletions", userId, deps.clock.now());
  return accountState(deps, userId);
}

/** Opens the link: the account is deleted now. A signed-in caller must be its owner. */
export async function confirmDeletion(deps: ApiDeps, token: string, callerId: number | null): Promise<AccountDeleted> {
  const request = await openRequestByToken(deps.db, "account_deletions", token, deps.clock.now(), callerId, {
    invalid: "exception.account.deletion_link_invalid",
    otherAccount: "exception.account.other_account",
  });
  await deleteAccount(deps, request.userId, request.id);
  // Pieces of photos the member never finished uploading (on this server's disk).
  await removeChunkedUploads(deps, request.userId);
  await deps.mailer.send(accountDeletedMail({ to: request.email, username: request.username, language: request.language }));
  return { deleted: true };
}

/**
 * The deletion itself (see the module comment): one transaction for the rows and the job that removes
 * the photo files afterwards (retried until the storage has them gone; ADR 031).
 */
async function deleteAccount(deps: ApiDeps, userId: number, requestId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await closeRequestOnce(trx, "account_deletions", requestId, now)))
      throw fail.badRequest("exception.account.deletion_link_invalid", "token");
    await eraseAccountRows(trx, deps.clock, userId);
  });
}

/**
 * The same erasure without a member's request: the operator's `npm run demo:remove` (ADR 056) takes the demo
 * seed's accounts out of a database that real members use, leaving tombstones as a deletion does.
 */
export async function eraseAccount(deps: Pick<ApiDeps, "db" | "clock">, userId: number): Promise<void> {
  await deps.db.transaction().execute((trx) => eraseAccountRows(trx, deps.clock, userId));
}

async function eraseAccountRows(trx: Transaction<Database>, clock: Clock, userId: number): Promise<void> {
  const now = clock.now();
  const byUser = [
    "profile_traits",
    "profile_prices",
    "profile_schedule",
    "consents",
    "first_contact_filters",
    "email_changes",
    "email_verifications",
    "password_resets",
    "sms_verifications",
    "age_check_requests",
    // The fsk18 age verification and its login sessions (ADR 105).
    "age_verifications",
    "age_verification_sessions",
    "signup_tracking",
    "notification_preferences",
    "media_watermarks",
    "federated_identities",
    "profile_claims",
    "profile_view_days",
    "profile_view_marks",
    // The activity tracker's raw events about the profile and its clicks per day (ADR 132).
    "activity_events",
    "profile_click_days",
    "tours",
    // Proposed texts and the decisions on the member's photos (ADR 030).
    "profile_text_changes",
    "media_decisions",
    // Interview answers and preferred date kinds (ADR 039).
    "profile_interviews",
    "profile_date_kinds",
    // The ads switch, the forum's language and levels, its sign-on nonces, help-desk sign-ons (ADRs 131, 134). The
    // affiliate referral and credits stay: the partner's business records, about a tombstone from now on (ADR 135).
    "ad_preferences",
    "forum_members",
    "forum_category_levels",
    "forum_sso_nonces",
    "helpdesk_sign_ons",
  ] as const;
  for (const table of byUser) await trx.deleteFrom(table).where("user_id", "=", userId).execute();
  // Reports the member filed stay for the team's record (DSA), without the reporter (ADR 038).
  await trx.updateTable("reports").set({ user_id: null, reporter_key: null }).where("user_id", "=", userId).execute();
  // Content removal requests from before reports (ADR 038) likewise, without the name and address typed then.
  await trx
    .updateTable("content_removal_requests")
    .set({ reporter_user_id: null, name: "", email: "" })
    .where("reporter_user_id", "=", userId)
    .execute();
  await trx
    .deleteFrom("blocks")
    .where((eb) => eb.or([eb("blocker_id", "=", userId), eb("blocked_id", "=", userId)]))
    .execute();
  // Favorites and visits both ways (ADR 036); the profiles the member kept count one favorite less.
  await trx
    .updateTable("profile_counters")
    .set((eb) => ({ favorites: eb("favorites", "-", 1) }))
    .where("user_id", "in", (eb) => eb.selectFrom("favorites").select("target_id").where("user_id", "=", userId))
    .execute();
  await trx
    .deleteFrom("favorites")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("target_id", "=", userId)]))
    .execute();
  await trx
    .deleteFrom("profile_visits")
    .where((eb) => eb.or([eb("owner_id", "=", userId), eb("visitor_id", "=", userId)]))
    .execute();
  await trx.deleteFrom("profile_counters").where("user_id", "=", userId).execute();
  // Friend links both ways, the member's notes and the notes others wrote about them (ADR 037).
  await trx
    .deleteFrom("friend_links")
    .where((eb) => eb.or([eb("sender_id", "=", userId), eb("receiver_id", "=", userId)]))
    .execute();
  await trx
    .deleteFrom("profile_notes")
    .where((eb) => eb.or([eb("author_id", "=", userId), eb("subject_id", "=", userId)]))
    .execute();
  await trx
    .deleteFrom("business_escorts")
    .where((eb) => eb.or([eb("business_user_id", "=", userId), eb("escort_user_id", "=", userId)]))
    .execute();
  await trx.deleteFrom("profiles").where("user_id", "=", userId).execute();
  // Invoices and credit notes stay for the retention period (8 years), owned by nobody; billing details go (ADR 077).
  await forgetInvoiceOwner(trx, userId);
  await trx.updateTable("access_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
  // The sessions stay a week for incident forensics (maintenance), but without the address they came from.
  await trx.updateTable("access_tokens").set({ client_ip: null }).where("user_id", "=", userId).execute();
  // Photo rows go with everything else; their files by a job after the commit.
  const photos = await trx.selectFrom("media").select(["storage_key", "variant_widths"]).where("user_id", "=", userId).execute();
  await trx.deleteFrom("media").where("user_id", "=", userId).execute();
  if (photos.length > 0) await enqueueJob(trx, clock, "media.delete_files", { files: photos });
  const exports = await trx.selectFrom("data_exports").select("storage_key").where("user_id", "=", userId).execute();
  const exportKeys = exports.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
  await trx.deleteFrom("data_exports").where("user_id", "=", userId).execute();
  if (exportKeys.length > 0) await enqueueJob(trx, clock, "storage.delete", { keys: exportKeys });
  // A colon is in no username and no address a sign-up accepts: nobody can take the tombstone's keys first.
  const tombstone = `deleted:${userId}`;
  await trx
    .updateTable("users")
    .set({
      status: "deleted",
      username: tombstone,
      username_key: tombstone,
      email: tombstone,
      email_key: tombstone,
      password_hash: UNUSABLE_PASSWORD,
      gender: null,
      salutation: null,
      birth_date: null,
      phone: null,
      phone_verified_at: null,
      landing_page_id: null,
      invitation_code: null,
      business_kind: null,
      contact_person: null,
      email_verified_at: null,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}
