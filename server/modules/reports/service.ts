/**
 * Reports and notices about content on the platform (ADR 038), which members and guests file and the back
 * office decides. Anyone may file without login, limited per member and per IP address so nobody can flood
 * the moderators' queue or someone's mailbox.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, ReportedObject } from "../../api/types";
import type { DB } from "../../db/index";
import { randomToken, sha256 } from "../../lib/crypto";
import { recordHit, type Window } from "../../lib/rate-limit";
import { findOwner, isBlockedBetween, isListedOwner, requireStaffPermission } from "../access/index";
import { imposeRestriction, isRestricted, restrictionEndsAt } from "../appeals/index";
import { recordAudit } from "../audit/index";
import { recordStatement } from "../statements/index";
import { sql, type Selectable, type Transaction } from "kysely";
import { appealDeadline, appealReference, OWN_REPORTS_PATH, type AppealState } from "../../contract/appeals";
import { isStaffUserType } from "../../contract/moderation";
import {
  ANONYMOUS_TYPES,
  REPORT_CONFIRMATION_INVALID,
  REPORT_EMAIL_CONFIRM_PATH,
  REPORT_EMAIL_CONFIRMATION,
  ACCOUNT_RESTRICTED,
  REPORT_LIMITS,
  REPORT_TYPE_GROUNDS,
  REPORT_TYPES,
  REPORT_TYPES_BY_KIND,
  reportReference,
  restrictionOfOutcome,
  type DecideReportInput,
  type FiledReport,
  type FileReportInput,
  type OwnReport,
  type OwnReportList,
  type QueuedReport,
  type ReportDecision,
  type ReportEmailConfirmed,
  type ReporterMail,
  type ReportObjectKind,
  type ReportOutcome,
  type ReportQueue,
  type ReportReceipt,
  type ReportState,
  type ReportType,
} from "../../contract/reports";
import { USER_TYPE } from "../../contract/users";
import type { Database, ReportsTable } from "../../db/schema";
import { enqueueNoticeMisuseCheck, filedByTrustedFlagger, refuseSuspendedNotifier } from "../transparency/index";
import { reportDecidedMail, reportEmailConfirmMail, reportReceivedMail } from "./mails";

const HOUR = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------
// Reports and notices (issue 11 item 5, ADR 038).
// ---------------------------------------------------------------------------------------------------------

/**
 * Not in the spec (ADR 038). A member files at most 10 reports an hour (a person who reports more is a
 * script or a campaign); a guest address 5, as for content removal requests. Refused posts count too, so
 * the limit cannot be used to probe which ids exist.
 */
export const REPORT_MEMBER_LIMIT = { windowMs: HOUR, limit: 10, key: "exception.reports.exceeded_limit" } as const;
export const REPORT_GUEST_LIMIT = { windowMs: HOUR, limit: 5, key: "exception.reports.exceeded_limit" } as const;

/**
 * Item 6 of issue 30 (ADR 112): the hourly limits let a patient script file 240 reports a day; a member files at most
 * 30 a day, and guests behind one network address 15 a day together. And one reporter cannot flood one member: at
 * most 3 of their reports against the same account stay open at once (a guest network address: 3 a day).
 */
export const REPORT_MEMBER_DAILY_LIMIT = { windowMs: 24 * HOUR, limit: 30, key: "exception.reports.daily_limit" } as const;
export const REPORT_GUEST_DAILY_LIMIT = { windowMs: 24 * HOUR, limit: 15, key: "exception.reports.daily_limit" } as const;
export const REPORT_PER_TARGET_LIMIT = { open: 3, guestWindowMs: 24 * HOUR, key: "exception.reports.target_limit" } as const;

function dailyReportWindow(userId: number | null, clientIp: string): Window {
  return userId === null
    ? { bucket: `reports:day:ip:${clientIp}`, windowMs: REPORT_GUEST_DAILY_LIMIT.windowMs, limit: REPORT_GUEST_DAILY_LIMIT.limit }
    : { bucket: `reports:day:user:${userId}`, windowMs: REPORT_MEMBER_DAILY_LIMIT.windowMs, limit: REPORT_MEMBER_DAILY_LIMIT.limit };
}

/** Refuses a report against an account its reporter already has REPORT_PER_TARGET_LIMIT reports against (429). */
async function assertTargetLimit(deps: ApiDeps, targetUserId: number, context: { clientIp: string; userId: number | null }, now: number) {
  const { open, guestWindowMs, key } = REPORT_PER_TARGET_LIMIT;
  if (context.userId === null) {
    const window = { bucket: `reports:target:${targetUserId}:ip:${context.clientIp}`, windowMs: guestWindowMs, limit: open };
    if ((await recordHit(deps.db, now, window)) > open) throw fail.tooMany(key);
    return;
  }
  const row = await deps.db
    .selectFrom("reports")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .where("reporter_key", "=", `u:${context.userId}`)
    .where("target_user_id", "=", targetUserId)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= open) throw fail.tooMany(key);
}

export function reportWindow(userId: number | null, clientIp: string): Window {
  return userId === null
    ? { bucket: `reports:ip:${clientIp}`, windowMs: REPORT_GUEST_LIMIT.windowMs, limit: REPORT_GUEST_LIMIT.limit }
    : { bucket: `reports:user:${userId}`, windowMs: REPORT_MEMBER_LIMIT.windowMs, limit: REPORT_MEMBER_LIMIT.limit };
}

/**
 * A guest's typed address gets one confirmation link (ADR 059), unless this address or this network address had
 * its day's share of them: then no mail at all ("limited"). Both hits count first, as the report limits do.
 */
async function confirmationLink(deps: ApiDeps, email: string, clientIp: string, now: number): Promise<{ token: string } | "limited"> {
  const { perAddress, perIp } = REPORT_EMAIL_CONFIRMATION;
  // The address only as a hash: the counters are no list of who filed notices.
  const byAddress = { bucket: `reports:confirm:address:${sha256(email.toLowerCase())}`, ...perAddress };
  const byIp = { bucket: `reports:confirm:ip:${clientIp}`, ...perIp };
  const addressHits = await recordHit(deps.db, now, byAddress);
  const ipHits = await recordHit(deps.db, now, byIp);
  if (addressHits > perAddress.limit || ipHits > perIp.limit) return "limited";
  return { token: randomToken() };
}

/** Profiles live at /{lang}/p/{username}: a notice naming one becomes a report of that profile. */
const PROFILE_PATH = /^\/(?:de|en|es|pl)\/p\/([^/?#]+)/;

interface ResolvedObject {
  kind: ReportObjectKind;
  objectId: number | null;
  checked: boolean;
  targetUserId: number | null;
}

/** Member accounts that have profiles (staff have none and are reported to the operator, not the team). */
const PROFILE_TYPES = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business];

async function profileTarget(deps: ApiDeps, where: { id: number } | { usernameKey: string }): Promise<number | null> {
  let query = deps.db.selectFrom("users").select("id").where("status", "!=", "deleted").where("user_type", "in", PROFILE_TYPES);
  query = "id" in where ? query.where("id", "=", where.id) : query.where("username_key", "=", where.usernameKey);
  return (await query.executeTakeFirst())?.id ?? null;
}

/**
 * A profile reported by its id: only one the reporter can see (listed), or one a block separates from them (they
 * met before; the harassed must still be heard). Anything else answers like an unknown id, so filing a report
 * tells nobody whether an account exists, and the member's own report list never names a profile they could
 * not see.
 */
async function reportableProfile(deps: ApiDeps, id: number, reporterId: number | null): Promise<number | null> {
  const owner = await findOwner(deps.db, { id });
  if (!owner) return null;
  if (isListedOwner(owner)) return owner.id;
  if (reporterId === null || !(await isBlockedBetween(deps, reporterId, id))) return null;
  return profileTarget(deps, { id });
}

/**
 * The report kind "profile" (declared in this module's manifest: the access kernel decides, no module owns it).
 */
export async function findReportedProfile(deps: ApiDeps, id: number, reporterId: number | null): Promise<ReportedObject | null> {
  const found = await reportableProfile(deps, id, reporterId);
  return found === null ? null : { objectId: found, targetUserId: found };
}

/**
 * A profile decided "content_removed" (ADR 112): it is disabled, not deleted — taken out of every list and page by
 * profiles.is_visible, the team's switch (only the team and the forced fake check write it) — and kept for an appeal.
 */
export async function hideReportedProfile(_deps: ApiDeps, trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", userId).execute();
}

/** An appeal reversed it: the profile is shown again, unless a forced fake check still holds it back (ADR 107). */
export async function showReportedProfile(_deps: ApiDeps, trx: Transaction<Database>, userId: number): Promise<void> {
  const member = await trx.selectFrom("users").select("forced_fake_check").where("id", "=", userId).executeTakeFirst();
  if (member?.forced_fake_check === 1) return;
  await trx.updateTable("profiles").set({ is_visible: 1 }).where("user_id", "=", userId).execute();
}

/** Finds the reported object where its kind has a table; kinds without one are taken as given (ADR 038). */
async function resolveObject(deps: ApiDeps, input: FileReportInput, reporterId: number | null): Promise<ResolvedObject> {
  const { kind } = input;
  if (kind === "page") {
    const match = PROFILE_PATH.exec(new URL(input.url!).pathname);
    if (match) {
      let name: string;
      try {
        name = decodeURIComponent(match[1]!).toLowerCase();
      } catch {
        name = "";
      }
      const id = name ? await profileTarget(deps, { usernameKey: name }) : null;
      if (id !== null) return { kind: "profile", objectId: id, checked: true, targetUserId: id };
    }
    return { kind, objectId: null, checked: false, targetUserId: null };
  }
  if (input.object_id === undefined) throw fail.badRequest("validation.reports.object_invalid", "object_id");
  // The module that owns the kind finds the object as the reporter may see it (its manifest's reportTypes, ADR 064).
  const target = deps.features.reportTargets.get(kind);
  if (target?.find) {
    const found = await target.find(deps, input.object_id, reporterId);
    if (!found) throw fail.notFound("exception.reports.object_not_found");
    return { kind, objectId: found.objectId, checked: true, targetUserId: found.targetUserId };
  }
  // Blogs, … have no table yet: the exact location (required above) is what lets the team find the object.
  return { kind, objectId: input.object_id, checked: false, targetUserId: null };
}

/**
 * Files a report (members and guests). Blocks do not stop a report either way: reporting is no contact (the
 * reported member never learns who reported), and someone who was harassed and blocked must still be able
 * to tell us (ADR 038). Own objects cannot be reported; one report per reporter and object stays open (409).
 */
export async function fileReport(
  deps: ApiDeps,
  input: FileReportInput,
  context: { clientIp: string; language: string; userId: number | null },
): Promise<FiledReport> {
  const { db, clock, mailer } = deps;
  const now = clock.now();
  // A member whose notices were too often manifestly unfounded files none until the suspension ends (ADR 115).
  await refuseSuspendedNotifier(db, context.userId, now);
  const window = reportWindow(context.userId, context.clientIp);
  // Counted first, in one statement: parallel posts cannot all pass a check made before any of them counted.
  if ((await recordHit(db, now, window)) > window.limit) throw fail.tooMany(REPORT_MEMBER_LIMIT.key);
  const day = dailyReportWindow(context.userId, context.clientIp);
  if ((await recordHit(db, now, day)) > day.limit) throw fail.tooMany(REPORT_MEMBER_DAILY_LIMIT.key);
  // A restricted account files no reports while the restriction runs (ADR 112).
  if (context.userId !== null && (await isRestricted(db, context.userId, now))) throw fail.forbidden(ACCOUNT_RESTRICTED);

  const guest = context.userId === null;
  const anonymousAllowed = ANONYMOUS_TYPES.includes(input.type);
  // The rules across fields, all at once so a form shows every missing field together.
  const missing: Array<[string, string]> = [];
  if (guest && !anonymousAllowed && !input.name) missing.push(["validation.reports.name_required", "name"]);
  if (guest && !anonymousAllowed && !input.email) missing.push(["validation.reports.email_required", "email"]);
  // A guest's report, any notice by address and any report of illegal content is a DSA notice (Art. 16(2)(a)):
  // it needs a substantiated explanation of why the content is illegal.
  const textRequired = guest || input.kind === "page" || input.type === "other" || REPORT_TYPES[input.type].category === "illegal";
  if (textRequired && !input.text) missing.push(["validation.reports.text_required", "text"]);
  else if (input.text && input.text.length < REPORT_LIMITS.textMin) missing.push(["validation.reports.text_too_short", "text"]);
  // Kinds whose object no module can find yet (blogs, events, …) name its address, so the team can find it.
  const needsUrl = !deps.features.reportTargets.get(input.kind)?.find;
  if (needsUrl && !input.url) missing.push(["validation.reports.url_required", "url"]);
  if (!input.good_faith) missing.push(["validation.reports.good_faith_required", "good_faith"]);
  if (missing.length > 0)
    throw new ApiError(
      400,
      missing.map(([key, source]) => errorItem(400, key, source)),
    );

  const object = await resolveObject(deps, input, context.userId);
  if (!REPORT_TYPES_BY_KIND[object.kind].includes(input.type)) throw fail.badRequest("validation.reports.type_invalid", "type");
  if (context.userId !== null && object.targetUserId === context.userId) throw fail.badRequest("exception.reports.own_object");
  if (object.targetUserId !== null) await assertTargetLimit(deps, object.targetUserId, context, now);

  const reporter = context.userId
    ? await db.selectFrom("users").select(["email", "language"]).where("id", "=", context.userId).executeTakeFirst()
    : undefined;
  const email = guest ? (input.email ?? null) : null;
  // Only members are held to one open report per object (409). A guest's address is typed, not verified: keyed
  // by it, a 409 would tell anyone whether that address reported this object, and let the reported member block
  // someone's notice by filing junk under their address first. Guests are bounded by the per-address limit.
  // A guest's address is typed, not verified: it gets a confirmation link, and the receipt only once confirmed.
  const confirmation = email ? await confirmationLink(deps, email, context.clientIp, now) : null;
  const link = confirmation !== null && confirmation !== "limited" ? confirmation : null;
  const reporterKey = context.userId !== null ? `u:${context.userId}` : null;
  const objectRef = object.objectId !== null ? `${object.kind}:${object.objectId}` : `page:${input.url}`;
  if (reporterKey) {
    const open = await db
      .selectFrom("reports")
      .select("id")
      .where("reporter_key", "=", reporterKey)
      .where("object_ref", "=", objectRef)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (open) throw fail.conflict("exception.reports.already_open");
  }
  let id: number;
  try {
    const row = await db
      .insertInto("reports")
      .values({
        user_id: context.userId,
        reporter_key: reporterKey,
        reporter_name: guest ? (input.name ?? null) : null,
        reporter_email: email,
        object_kind: object.kind,
        object_id: object.objectId,
        url: input.url ?? null,
        object_ref: objectRef,
        object_checked: object.checked ? 1 : 0,
        target_user_id: object.targetUserId,
        type: input.type,
        priority: REPORT_TYPES[input.type].priority,
        text: input.text ?? null,
        language: context.language,
        created_at: now,
        email_token_hash: link ? sha256(link.token) : null,
        email_token_expires_at: link ? now + REPORT_EMAIL_CONFIRMATION.ttlMs : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    // Two posts at once: the partial unique index lets one through.
    if (reporterKey) throw fail.conflict("exception.reports.already_open");
    throw error;
  }
  const reference = reportReference(id);
  let receipt: ReportReceipt = "none";
  if (reporter) {
    await mailer.send(reportReceivedMail({ to: reporter.email, reference, language: reporter.language }));
    receipt = "sent";
  } else if (email && link) {
    const url = `${deps.config.publicUrl}/${context.language}/${REPORT_EMAIL_CONFIRM_PATH}?token=${encodeURIComponent(link.token)}`;
    const validHours = Math.round(REPORT_EMAIL_CONFIRMATION.ttlMs / HOUR);
    await mailer.send(reportEmailConfirmMail({ to: email, language: context.language, link: url, validHours }));
    receipt = "confirmation_sent";
  } else if (email) receipt = "confirmation_limited";
  return { id, reference, state: "open", receipt };
}

/**
 * POST /reports/confirm-email: the guest opened the link (ADR 059). One conditional update takes the unused,
 * unexpired token and clears it, so a link confirms once even when opened twice at the same moment; a wrong, expired
 * or used token is the same 400. The receipt goes out now, and the decision too if the team has decided already.
 */
export async function confirmReportEmail(deps: ApiDeps, token: string): Promise<ReportEmailConfirmed> {
  const now = deps.clock.now();
  const row = await deps.db
    .updateTable("reports")
    .set({ email_confirmed_at: now, email_token_hash: null, email_token_expires_at: null })
    .where("email_token_hash", "=", sha256(token))
    .where("email_token_expires_at", ">", now)
    .where("email_confirmed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!row?.reporter_email) throw fail.badRequest(REPORT_CONFIRMATION_INVALID, "token");
  const reference = reportReference(row.id);
  await deps.mailer.send(reportReceivedMail({ to: row.reporter_email, reference, language: row.language }));
  const decision = decisionOf(row);
  if (decision) await deps.mailer.send(reportDecidedMail({ to: row.reporter_email, reference, language: row.language, ...decision }));
  return { reference, state: row.state as ReportState };
}

/** Where a report's mails go (the back office shows it): see ReporterMail. */
function reporterMailOf(row: Pick<ReportRow, "user_id" | "reporter_email" | "email_confirmed_at">): ReporterMail {
  if (row.user_id !== null) return "account";
  if (row.reporter_email === null) return "none";
  return row.email_confirmed_at === null ? "unconfirmed" : "confirmed";
}

type ReportRow = Selectable<ReportsTable>;

function decisionOf(row: ReportRow): ReportDecision | null {
  if (row.state !== "decided" || row.outcome === null || row.decided_at === null) return null;
  return { outcome: row.outcome as ReportOutcome, statement: row.statement ?? "", decided_at: Number(row.decided_at) };
}

/** A report row with the reported profile's name and the notifier's complaint, if any (ownReportsQuery). */
type OwnReportRow = ReportRow & {
  username: string | null;
  appeal_id: number | null;
  appeal_state?: string | null;
  appeal_text?: string | null;
  appeal_created_at?: number | string | null;
  appeal_decided_at?: number | string | null;
  appeal_reasons?: string | null;
};

function ownReportOf(row: OwnReportRow): OwnReport {
  const decision = decisionOf(row);
  return {
    id: row.id,
    reference: reportReference(row.id),
    kind: row.object_kind as ReportObjectKind,
    object_id: row.object_id,
    url: row.url,
    username: row.username,
    type: row.type as ReportType,
    text: row.text,
    state: row.state as ReportState,
    created_at: Number(row.created_at),
    decision,
    appeal:
      row.appeal_id === null
        ? null
        : {
            id: row.appeal_id,
            reference: appealReference(row.appeal_id),
            state: row.appeal_state as AppealState,
            text: row.appeal_text ?? "",
            created_at: Number(row.appeal_created_at),
            decided_at: row.appeal_decided_at == null ? null : Number(row.appeal_decided_at),
            reasons: row.appeal_reasons ?? null,
          },
    // Art. 20 for notifiers (ADR 113): a decision without action may be contested; with action the affected member may.
    appeal_until: decision?.outcome === "no_action" ? appealDeadline(decision.decided_at) : null,
  };
}

function ownReportsQuery(db: DB, userId: number) {
  return db
    .selectFrom("reports as report")
    .leftJoin("users as target", (join) =>
      join.onRef("target.id", "=", "report.target_user_id").on("report.object_kind", "=", "profile").on("target.status", "!=", "deleted"),
    )
    .leftJoin("appeals as appeal", "appeal.report_id", "report.id")
    .selectAll("report")
    .select([
      "target.username as username",
      "appeal.id as appeal_id",
      "appeal.state as appeal_state",
      "appeal.text as appeal_text",
      "appeal.created_at as appeal_created_at",
      "appeal.decided_at as appeal_decided_at",
      "appeal.reasons as appeal_reasons",
    ])
    .where("report.user_id", "=", userId);
}

/** GET /reports: the member's own reports, newest first, with their state and decision. */
export async function ownReports(deps: ApiDeps, userId: number, page: number): Promise<OwnReportList> {
  const size = REPORT_LIMITS.pageSize;
  const [count, rows] = await Promise.all([
    deps.db
      .selectFrom("reports")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    ownReportsQuery(deps.db, userId)
      .orderBy("report.created_at", "desc")
      .orderBy("report.id", "desc")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return { items: rows.map(ownReportOf), page, page_size: size, total: Number(count?.n ?? 0) };
}

/**
 * Every report the member filed, as GET /reports shows them (the data export, ADR 059): the reporter's internal keys,
 * the triage priority and who decided stay out. Reports about the member are not theirs to read (ADR 038).
 */
export async function ownReportsForExport(db: DB, userId: number): Promise<OwnReport[]> {
  const rows = await ownReportsQuery(db, userId).orderBy("report.created_at", "desc").orderBy("report.id", "desc").execute();
  return rows.map(ownReportOf);
}

/** GET /reports/{id}: one of the member's own reports; anyone else's is 404 (its existence is not told). */
export async function ownReport(deps: ApiDeps, userId: number, reportId: number): Promise<OwnReport> {
  const row = await ownReportsQuery(deps.db, userId).where("report.id", "=", reportId).executeTakeFirst();
  if (!row) throw fail.notFound("exception.reports.not_found");
  return ownReportOf(row);
}

/** Staff (team 10, backend 9), read from the database on every call: anyone else gets 403. */
async function requireStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "reports.decide");
}

/** GET /backoffice/reports: open reports, most urgent first, then oldest first. */
export async function reportQueue(deps: ApiDeps, staffId: number, page: number): Promise<ReportQueue> {
  await requireStaff(deps, staffId);
  const size = REPORT_LIMITS.pageSize;
  const offset = (page - 1) * size;
  const open = () =>
    deps.db
      .selectFrom("reports as report")
      .leftJoin("users as target", "target.id", "report.target_user_id")
      .leftJoin("users as reporter", "reporter.id", "report.user_id")
      .selectAll("report")
      .select(["target.username as target_username", "target.status as target_status", "reporter.username as reporter_username"])
      .select(
        sql<
          string | null
        >`(SELECT tf.organisation FROM trusted_flaggers tf WHERE tf.user_id = report.user_id AND tf.starts_at <= report.created_at AND report.created_at < tf.ends_at AND (tf.revoked_at IS NULL OR report.created_at < tf.revoked_at) ORDER BY tf.starts_at DESC LIMIT 1)`.as(
          "trusted_organisation",
        ),
      )
      .where("report.state", "=", "open");
  // Trusted flaggers' notices first (DSA Art. 22(1), ADR 115), then by urgency and age. Two reads instead of one sort
  // over every open report (ADR 122): the flaggers' notices through their few accounts, the rest along the index
  // (state, priority, created_at) up to the page — a page costs the same with 20 or 20,000 open reports.
  const [count, trusted] = await Promise.all([
    deps.db
      .selectFrom("reports")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("state", "=", "open")
      .executeTakeFirst(),
    open()
      .where("report.user_id", "in", deps.db.selectFrom("trusted_flaggers").select("trusted_flaggers.user_id"))
      .where(filedByTrustedFlagger("report"))
      .orderBy("report.priority")
      .orderBy("report.created_at")
      .orderBy("report.id")
      .execute(),
  ]);
  const firstTrusted = trusted.slice(offset, offset + size);
  const rest =
    firstTrusted.length === size
      ? []
      : await open()
          .where((eb) => eb.not(filedByTrustedFlagger("report")))
          .orderBy("report.priority")
          .orderBy("report.created_at")
          .orderBy("report.id")
          .limit(size - firstTrusted.length)
          .offset(Math.max(0, offset - trusted.length))
          .execute();
  const rows = [...firstTrusted, ...rest];
  return {
    items: rows.map((row): QueuedReport => ({
      id: row.id,
      reference: reportReference(row.id),
      kind: row.object_kind as ReportObjectKind,
      object_id: row.object_id,
      url: row.url,
      type: row.type as ReportType,
      priority: row.priority,
      text: row.text,
      created_at: Number(row.created_at),
      object_checked: row.object_checked === 1,
      trusted_flagger: row.trusted_organisation ? { organisation: row.trusted_organisation } : null,
      target:
        row.target_user_id !== null && row.target_username !== null
          ? { id: row.target_user_id, username: row.target_username, status: row.target_status ?? "deleted" }
          : null,
      reporter: {
        username: row.reporter_username,
        name: row.reporter_name,
        email: row.reporter_email,
        guest: row.user_id === null && row.reporter_key?.startsWith("u:") !== true,
        mail: reporterMailOf(row),
      },
    })),
    page,
    page_size: size,
    total: Number(count?.n ?? 0),
  };
}

/**
 * Decides an open report. The decision closes every open report on the same object (each reporter is told the same
 * outcome and reasons); of two moderators the second gets 409. Every outcome but no_action is carried out here, in one
 * transaction with its statement of reasons (DSA Art. 17) and its audit row (ADR 112): a ban closes the account and
 * its sessions; a restriction runs ACCOUNT_RESTRICTION_DAYS; a removal is done by the module that owns the kind
 * (its manifest's removeContent). Kinds without a table (dates, live, recordings, pages by address) are decided
 * "content_removed" by the team by hand and recorded. The reported member gets the statement and how to appeal it.
 */
export async function decideReport(deps: ApiDeps, staffId: number, reportId: number, input: DecideReportInput): Promise<OwnReport> {
  await requireStaffPermission(deps, staffId, "reports.decide");
  const now = deps.clock.now();
  const decided = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("reports").selectAll().where("id", "=", reportId).executeTakeFirst();
    if (!row) throw fail.notFound("exception.reports.not_found");
    // Manifestly unfounded (DSA Art. 23(2)) only where nothing was done.
    const unfounded = input.outcome === "no_action" && input.manifestly_unfounded === true;
    const decision = {
      state: "decided",
      outcome: input.outcome,
      statement: input.statement,
      decided_by: staffId,
      decided_at: now,
      manifestly_unfounded: unfounded ? 1 : 0,
    };
    const updated = await trx
      .updateTable("reports")
      .set(decision)
      .where("id", "=", reportId)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict("exception.backoffice.already_decided");
    const others = await trx
      .selectFrom("reports")
      .selectAll()
      .where("object_ref", "=", row.object_ref)
      .where("state", "=", "open")
      .where("id", "!=", reportId)
      .execute();
    // Each member notifier's misuse rule is checked after the commit (ADR 115).
    if (unfounded)
      for (const report of [row, ...others])
        if (report.user_id !== null) await enqueueNoticeMisuseCheck(trx, report.user_id, report.id, now);
    if (others.length > 0)
      await trx
        .updateTable("reports")
        .set(decision)
        .where(
          "id",
          "in",
          others.map((other) => other.id),
        )
        .where("state", "=", "open")
        .execute();
    const target =
      row.target_user_id === null
        ? undefined
        : await trx
            .selectFrom("users")
            .select(["id", "email", "username", "language", "status", "user_type"])
            .where("id", "=", row.target_user_id)
            .executeTakeFirst();
    const actionable = target && target.status !== "deleted" && !isStaffUserType(target.user_type) ? target : undefined;
    const kind = row.object_kind as ReportObjectKind;
    let statementId: number | null = null;
    if (actionable && input.outcome !== "no_action") {
      const onAccount = input.outcome !== "content_removed";
      const ground = REPORT_TYPE_GROUNDS[row.type as ReportType];
      const endsAt = input.outcome === "account_restricted" ? restrictionEndsAt(now) : null;
      statementId = await recordStatement(
        trx,
        {
          kind: "report_decision",
          userId: actionable.id,
          subjectKind: onAccount ? "account" : kind,
          subjectId: onAccount ? actionable.id : (row.object_id ?? row.url ?? row.id),
          restriction: restrictionOfOutcome(input.outcome, kind),
          ground: ground.ground,
          groundReference: ground.reference,
          facts: input.statement,
          source: "notice",
          reportId,
          endsAt,
          language: actionable.language,
          decidedBy: staffId,
        },
        now,
      );
      if (endsAt !== null) await imposeRestriction(trx, { userId: actionable.id, statementId, endsAt }, now);
    }
    if (actionable && input.outcome === "account_banned") {
      await trx.updateTable("users").set({ status: "banned", updated_at: now }).where("id", "=", actionable.id).execute();
      await trx
        .updateTable("access_tokens")
        .set({ revoked_at: now })
        .where("user_id", "=", actionable.id)
        .where("revoked_at", "is", null)
        .execute();
    }
    // The module that owns the kind takes its content down in this transaction (ADR 112).
    const removeContent = deps.features.reportTargets.get(kind)?.removeContent;
    const afterCommit =
      input.outcome === "content_removed" && row.object_id !== null && removeContent
        ? await removeContent(deps, trx, row.object_id, { staffId, reason: input.statement })
        : undefined;
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "report.decide",
        subjectType: "report",
        subjectId: String(reportId),
        reason: input.statement,
        before: { state: "open", target_status: actionable?.status ?? null },
        after: {
          state: "decided",
          outcome: input.outcome,
          statement_id: statementId,
          also_decided: others.map((other) => other.id),
          target_status: input.outcome === "account_banned" && actionable ? "banned" : (actionable?.status ?? null),
        },
      },
      now,
    );
    return { row: { ...row, ...decision }, others, afterCommit };
  });
  await decided.afterCommit?.();
  const reporters = [decided.row, ...decided.others];
  for (const report of reporters) await tellReporter(deps, report, input);
  // The affected member is told once, by the statement's own bell line and mail (statement.notify, queued by
  // recordStatement above): facts, complaint link, out-of-court ways, the signed link after a ban (ADR 128).
  return ownReportOf({ ...decided.row, username: null, appeal_id: null });
}

async function tellReporter(deps: ApiDeps, report: ReportRow, input: DecideReportInput): Promise<void> {
  let to = report.reporter_email;
  let language = report.language;
  if (report.user_id !== null) {
    const member = await deps.db
      .selectFrom("users")
      .select(["email", "language", "status"])
      .where("id", "=", report.user_id)
      .executeTakeFirst();
    if (!member || member.status === "deleted") return;
    to = member.email;
    language = member.language;
  } else if (to && report.email_confirmed_at === null) {
    // The notifier never confirmed the typed address (ADR 059): it is told nothing. The decision stands on the
    // report for the record; this line says why no mail went out. Confirming later still brings it.
    deps.log.info({ report_id: report.id }, "report decision not mailed: the notifier's address was never confirmed");
    return;
  }
  if (!to) return;
  // A member may complain about a decision taken without action from their reports page (DSA Art. 20, ADR 113).
  const appealLink =
    report.user_id !== null && input.outcome === "no_action" ? `${deps.config.publicUrl}/${language}/${OWN_REPORTS_PATH}` : undefined;
  await deps.mailer.send(
    reportDecidedMail({
      to,
      reference: reportReference(report.id),
      language,
      outcome: input.outcome,
      statement: input.statement,
      appealLink,
    }),
  );
}
