/**
 * The escorts' shared warning list (issue 30 item 6, ADR 121). Rules:
 * - only reports of WARNING_REPORT_TYPES count, by escorts whose identity check is verified (and not reset), one per
 *   escort, within WARNING_EXPIRY_DAYS; a report the team decided "no action" does not count;
 * - at WARNING_MIN_REPORTERS such escorts the client waits in the team's queue; nothing shows before the team
 *   confirms; confirming writes the client's statement of reasons (DSA Art. 17) in the same transaction;
 * - the flag is stored under an HMAC of the account id (the list names nobody) and shows to escorts only, never the
 *   reporters; it expires WARNING_EXPIRY_DAYS after the newest counting report;
 * - the client sees their entry, may object (GDPR Art. 21), and backend staff (trust.manage) lift or keep it.
 */
import { createHmac } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { isLanguage } from "../../contract/locales";
import type { ReportType } from "../../contract/reports";
import { USER_TYPE } from "../../contract/users";
import { VERIFICATION_STATUS } from "../../contract/verification";
import {
  WARNING_EXPIRY_DAYS,
  WARNING_MIN_REPORTERS,
  WARNING_REPORT_TYPES,
  type OwnWarning,
  type WarningCandidate,
  type WarningDecisionAnswer,
  type WarningFlagState,
  type WarningObjectionQueue,
  type WarningQueue,
  type WarningVisibility,
} from "../../contract/warnings";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { recordStatement } from "../statements/index";

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_MS = WARNING_EXPIRY_DAYS * DAY_MS;

/** The list's key for an account: HMAC-SHA-256 under a key derived from the server secret for this purpose only. */
export function warningHashOf(appSecret: string, userId: number): string {
  const key = createHmac("sha256", appSecret).update("warning-list/v1").digest();
  return createHmac("sha256", key).update(String(userId)).digest("hex");
}

interface CountingReport {
  id: number;
  target_user_id: number;
  reporter_id: number;
  type: string;
  created_at: number;
}

/** The reports that count (see the rules above) within the window, for one client or for all. */
async function countingReports(
  db: Kysely<Database> | Transaction<Database>,
  now: number,
  targetUserId?: number,
): Promise<CountingReport[]> {
  let query = db
    .selectFrom("reports")
    .innerJoin("users as reporter", "reporter.id", "reports.user_id")
    .innerJoin("users as target", "target.id", "reports.target_user_id")
    .select(["reports.id", "reports.target_user_id", "reports.user_id as reporter_id", "reports.type", "reports.created_at"])
    .where("reports.type", "in", [...WARNING_REPORT_TYPES])
    .where("reports.created_at", ">", now - EXPIRY_MS)
    .where("reporter.user_type", "=", USER_TYPE.escort)
    .where("reporter.status", "=", "active")
    .where("target.user_type", "=", USER_TYPE.client)
    .where((eb) => eb.or([eb("reports.outcome", "is", null), eb("reports.outcome", "!=", "no_action")]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("verification_checks")
          .select("verification_checks.id")
          .whereRef("verification_checks.user_id", "=", "reports.user_id")
          .where("verification_checks.kind", "=", "id")
          .where("verification_checks.status", "=", VERIFICATION_STATUS.verified)
          .where("verification_checks.reset_at", "is", null),
      ),
    );
  if (targetUserId !== undefined) query = query.where("reports.target_user_id", "=", targetUserId);
  const rows = await query.orderBy("reports.id").execute();
  return rows.map((row) => ({
    id: row.id,
    target_user_id: row.target_user_id!,
    reporter_id: row.reporter_id!,
    type: row.type,
    created_at: Number(row.created_at),
  }));
}

function summarise(reports: CountingReport[]): { reporters: number; last: number } {
  return { reporters: new Set(reports.map((r) => r.reporter_id)).size, last: Math.max(0, ...reports.map((r) => r.created_at)) };
}

async function flagOf(db: Kysely<Database> | Transaction<Database>, hash: string) {
  return db.selectFrom("warning_flags").selectAll().where("subject_hash", "=", hash).executeTakeFirst();
}

/** A flag shows while confirmed and the newest counting report is younger than the expiry; an old one is marked expired. */
async function activeFlag(deps: ApiDeps, userId: number, now: number) {
  const flag = await flagOf(deps.db, warningHashOf(deps.config.appSecret, userId));
  if (!flag || flag.state !== "confirmed") return null;
  const reports = await countingReports(deps.db, now, userId);
  const { last } = summarise(reports);
  if (last === 0) {
    // Twelve months without a new report: the flag ends; a new one needs three reporters and the team again.
    await deps.db
      .updateTable("warning_flags")
      .set({ state: "expired" })
      .where("id", "=", flag.id)
      .where("state", "=", "confirmed")
      .execute();
    return null;
  }
  return { flag, expiresAt: last + EXPIRY_MS, categories: categoriesOf(reports) };
}

/** The report types behind an entry, in the contract's order: what the member may know, never who reported. */
function categoriesOf(reports: CountingReport[]): ReportType[] {
  return WARNING_REPORT_TYPES.filter((type) => reports.some((report) => report.type === type));
}

/** GET /warnings/members/{id}: true only for an escort viewer and a client with an active flag. */
export async function warningVisibility(deps: ApiDeps, viewerId: number, userId: number): Promise<WarningVisibility> {
  const viewer = await deps.db.selectFrom("users").select(["user_type", "status"]).where("id", "=", viewerId).executeTakeFirst();
  if (!viewer || viewer.status !== "active" || viewer.user_type !== USER_TYPE.escort) return { warned: false };
  return { warned: (await activeFlag(deps, userId, deps.clock.now())) !== null };
}

/** GET /backoffice/warnings (reports.decide): clients with enough counting reports and no decision since the newest. */
export async function warningQueue(deps: ApiDeps, staffId: number): Promise<WarningQueue> {
  await requireStaffPermission(deps, staffId, "reports.decide");
  const now = deps.clock.now();
  const byClient = new Map<number, CountingReport[]>();
  for (const report of await countingReports(deps.db, now))
    byClient.set(report.target_user_id, [...(byClient.get(report.target_user_id) ?? []), report]);
  const items: WarningCandidate[] = [];
  for (const [userId, reports] of byClient) {
    const { reporters, last } = summarise(reports);
    if (reporters < WARNING_MIN_REPORTERS) continue;
    const flag = await flagOf(deps.db, warningHashOf(deps.config.appSecret, userId));
    if (flag && (flag.state === "confirmed" || Number(flag.decided_at) >= last)) continue;
    const user = await deps.db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirstOrThrow();
    items.push({
      user_id: userId,
      username: user.username,
      reporters,
      reports: reports.map((r) => ({ id: r.id, type: r.type, created_at: r.created_at })),
      last_report_at: last,
    });
  }
  return { items: items.sort((a, b) => a.last_report_at - b.last_report_at) };
}

const STATEMENT_FACTS: Record<string, string> = {
  de: "Mehrere verifizierte Anbieterinnen und Anbieter haben unabhängig voneinander Gewalt oder Nichtbezahlung bei Treffen gemeldet; das Team hat die Meldungen geprüft. Anbieterinnen und Anbieter sehen bei Ihrem Profil und Ihren Nachrichten einen Warnhinweis, ohne die Meldenden. Der Hinweis endet 12 Monate nach der letzten Meldung. Sie können widersprechen.",
  en: "Several verified providers independently reported violence or non-payment at meetings; the team reviewed the reports. Providers see a warning on your profile and your messages, without the reporters. The warning ends 12 months after the last report. You may object.",
  es: "Varias personas proveedoras verificadas informaron de forma independiente de violencia o impago en encuentros; el equipo revisó los avisos. Las personas proveedoras ven una advertencia en tu perfil y tus mensajes, sin quienes informaron. La advertencia termina 12 meses después del último aviso. Puedes oponerte.",
  pl: "Kilka zweryfikowanych osób świadczących usługi niezależnie zgłosiło przemoc lub brak zapłaty podczas spotkań; zespół sprawdził zgłoszenia. Osoby świadczące usługi widzą ostrzeżenie przy Twoim profilu i wiadomościach, bez zgłaszających. Ostrzeżenie wygasa 12 miesięcy po ostatnim zgłoszeniu. Możesz wnieść sprzeciw.",
};

/** POST /backoffice/warnings/{userId} (reports.decide): confirm (shows to escorts; the client gets a statement) or reject. */
export async function decideWarning(
  deps: ApiDeps,
  staffId: number,
  userId: number,
  outcome: "confirm" | "reject",
  reason = "",
): Promise<WarningDecisionAnswer> {
  await requireStaffPermission(deps, staffId, "reports.decide");
  const now = deps.clock.now();
  const hash = warningHashOf(deps.config.appSecret, userId);
  const state: WarningFlagState = outcome === "confirm" ? "confirmed" : "rejected";
  await deps.db.transaction().execute(async (trx) => {
    const reports = await countingReports(trx, now, userId);
    const { reporters, last } = summarise(reports);
    if (reporters < WARNING_MIN_REPORTERS) throw fail.conflict("exception.warnings.not_enough_reports");
    const before = await flagOf(trx, hash);
    if (before && (before.state === "confirmed" || Number(before.decided_at) >= last))
      throw fail.conflict("exception.warnings.already_decided");
    const values = { state, reporters, decided_by: staffId, decided_at: now, lifted_at: null, statement_id: null, lift_reason: null };
    const flag = before
      ? await trx.updateTable("warning_flags").set(values).where("id", "=", before.id).returning("id").executeTakeFirstOrThrow()
      : await trx
          .insertInto("warning_flags")
          .values({ ...values, subject_hash: hash, created_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
    if (state === "confirmed") {
      const member = await trx.selectFrom("users").select("language").where("id", "=", userId).executeTakeFirstOrThrow();
      const language = isLanguage(member.language) ? member.language : "de";
      const statementId = await recordStatement(
        trx,
        {
          kind: "warning_flag",
          userId,
          subjectKind: "account",
          subjectId: userId,
          restriction: "service_restricted",
          ground: "terms",
          groundReference: "AGB – Warnhinweis für Anbieter (ADR 121)",
          facts: STATEMENT_FACTS[language]!,
          source: "notice",
          reportId: reports[reports.length - 1]!.id,
          endsAt: last + EXPIRY_MS,
          language,
          decidedBy: staffId,
        },
        now,
      );
      // The flag names its statement: an appeal that reverses the statement withdraws this flag (ADR 113).
      await trx.updateTable("warning_flags").set({ statement_id: statementId }).where("id", "=", flag.id).execute();
    }
    // The trail names the flag, not the member: the list's rows stay free of account ids.
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: `warning.${outcome}`,
        subjectType: "warning_flag",
        subjectId: String(flag.id),
        reason: reason || null,
        before: before ? { state: before.state } : null,
        after: { state, reporters },
      },
      now,
    );
  });
  return { state };
}

/** GET /warnings/me: the member's own entry (flagged only while it shows to escorts) and their latest objection. */
export async function ownWarning(deps: ApiDeps, userId: number): Promise<OwnWarning> {
  const now = deps.clock.now();
  const active = await activeFlag(deps, userId, now);
  const objection = await deps.db
    .selectFrom("warning_objections")
    .select(["outcome", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    flagged: active !== null,
    categories: active?.categories ?? [],
    since: active ? Number(active.flag.decided_at) : null,
    expires_at: active?.expiresAt ?? null,
    objection: objection
      ? {
          state: objection.outcome === "lift" ? "lifted" : objection.outcome === "keep" ? "kept" : "open",
          created_at: Number(objection.created_at),
        }
      : null,
  };
}

/** POST /warnings/me/objection: 404 when the member has no active entry, 409 while an objection is open. */
export async function objectToWarning(deps: ApiDeps, userId: number, text: string): Promise<OwnWarning> {
  const now = deps.clock.now();
  const active = await activeFlag(deps, userId, now);
  if (!active) throw fail.notFound("exception.warnings.no_entry");
  const open = await deps.db
    .selectFrom("warning_objections")
    .select("id")
    .where("user_id", "=", userId)
    .where("decided_at", "is", null)
    .executeTakeFirst();
  if (open) throw fail.conflict("exception.warnings.objection_open");
  await deps.db.insertInto("warning_objections").values({ flag_id: active.flag.id, user_id: userId, text, created_at: now }).execute();
  return ownWarning(deps, userId);
}

/** GET /backoffice/warning-objections (trust.manage): open objections, oldest first. */
export async function objectionQueue(deps: ApiDeps, staffId: number): Promise<WarningObjectionQueue> {
  await requireStaffPermission(deps, staffId, "trust.manage");
  const rows = await deps.db
    .selectFrom("warning_objections")
    .innerJoin("users", "users.id", "warning_objections.user_id")
    .select([
      "warning_objections.id",
      "warning_objections.user_id",
      "users.username",
      "warning_objections.text",
      "warning_objections.created_at",
    ])
    .where("warning_objections.decided_at", "is", null)
    .orderBy("warning_objections.id")
    .limit(100)
    .execute();
  return { items: rows.map((row) => ({ ...row, created_at: Number(row.created_at) })) };
}

/** POST /backoffice/warning-objections/{id} (trust.manage): lift the flag (it stops showing at once) or keep it. */
export async function decideObjection(
  deps: ApiDeps,
  staffId: number,
  objectionId: number,
  outcome: "lift" | "keep",
  reason = "",
): Promise<WarningDecisionAnswer> {
  await requireStaffPermission(deps, staffId, "trust.manage");
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const objection = await trx.selectFrom("warning_objections").selectAll().where("id", "=", objectionId).executeTakeFirst();
    if (!objection) throw fail.notFound();
    if (objection.decided_at !== null) throw fail.conflict("exception.warnings.already_decided");
    const flag = await trx
      .selectFrom("warning_flags")
      .select(["id", "state"])
      .where("id", "=", objection.flag_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("warning_objections")
      .set({ outcome, decided_by: staffId, decided_at: now })
      .where("id", "=", objectionId)
      .execute();
    const state: WarningFlagState = outcome === "lift" ? "lifted" : (flag.state as WarningFlagState);
    if (outcome === "lift") await trx.updateTable("warning_flags").set({ state, lifted_at: now }).where("id", "=", flag.id).execute();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: `warning.objection_${outcome}`,
        subjectType: "warning_objection",
        subjectId: String(objectionId),
        reason: reason || null,
        before: { flag_state: flag.state },
        after: { flag_state: state },
      },
      now,
    );
    return { state };
  });
}

/** For the data export (GDPR Art. 15): whether the member is on the list and their objections. */
export async function warningForExport(
  deps: ApiDeps,
  userId: number,
): Promise<OwnWarning & { objections: Array<{ text: string; created_at: number; outcome: string | null }> }> {
  const own = await ownWarning(deps, userId);
  const objections = await deps.db
    .selectFrom("warning_objections")
    .select(["text", "created_at", "outcome"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return { ...own, objections: objections.map((o) => ({ ...o, created_at: Number(o.created_at) })) };
}

/**
 * An appeal reversed the confirmation's statement (DSA Art. 20, ADR 113): the flag is withdrawn — state lifted, so it
 * shows to no escort from now on — with the time and the appeal's reasons. A flag confirmed before migration 0113
 * has no statement id and is found by the member's hash. A flag no longer confirmed (lifted on objection, expired)
 * stays as it is. Answers the flag's id, or null when nothing was withdrawn.
 */
export async function withdrawWarningFlag(
  deps: Pick<ApiDeps, "config">,
  trx: Transaction<Database>,
  input: { statementId: number; userId: number; reason: string },
  now: number,
): Promise<number | null> {
  const flag =
    (await trx.selectFrom("warning_flags").select(["id", "state"]).where("statement_id", "=", input.statementId).executeTakeFirst()) ??
    (await trx
      .selectFrom("warning_flags")
      .select(["id", "state"])
      .where("subject_hash", "=", warningHashOf(deps.config.appSecret, input.userId))
      .where("statement_id", "is", null)
      .executeTakeFirst());
  if (!flag) return null;
  const lifted = await trx
    .updateTable("warning_flags")
    .set({ state: "lifted", lifted_at: now, lift_reason: input.reason })
    .where("id", "=", flag.id)
    .where("state", "=", "confirmed")
    .executeTakeFirst();
  return Number(lifted.numUpdatedRows) === 1 ? flag.id : null;
}
