/**
 * Announcements (spec section 7 "definitions": GET announcement list with lang; ADR 044): site-wide lines shown
 * in the bar at the top, with per-language texts (German is the fallback), an active window and a severity. A
 * signed-in member's "got it" is stored; a guest's is a cookie the web tier passes as `dismissed`.
 */
import type { Selectable } from "kysely";
import { chromeCacheTtlMs } from "../../api/cache-ttl";
import { fail } from "../../api/errors";
import { perDatabase } from "../../api/per-database";
import type { ApiDeps } from "../../api/types";
import { operatorInstantOfWall } from "../../contract/calendar";
import { parseWallTime } from "../../contract/events";
import {
  ANNOUNCEMENTS_SHOWN_MAX,
  type AnnouncementAudience,
  type AnnouncementCreateInput,
  type AnnouncementDismissed,
  type AnnouncementEditorItem,
  type AnnouncementEditorList,
  type AnnouncementItem,
  type AnnouncementList,
} from "../../contract/notifications";
import { SUPPORTED_LANGUAGES, type Language } from "../../contract/locales";
import { isStaffUserType, USER_TYPE } from "../../contract/users";
import type { AnnouncementsTable } from "../../db/schema/notifications";
import { plusRunning, requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";

const DAY_MS = 24 * 60 * 60 * 1000;
const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/** The announcements active now, in the language, without those the member (or the guest's cookie) dismissed. */
export async function activeAnnouncements(
  deps: ApiDeps,
  lang: Language,
  viewerId: number | null,
  dismissed: number[] = [],
): Promise<AnnouncementList> {
  const now = deps.clock.now();
  if (viewerId === null) {
    const candidates = await guestCandidates(deps, now);
    if (candidates !== null) {
      const hidden = new Set(dismissed);
      // The statement's own conditions, on rows kept in its order: the same answer as asking the database now.
      const rows = candidates.filter(
        (row) => Number(row.starts_at) <= now && (row.ends_at === null || Number(row.ends_at) > now) && !hidden.has(row.id),
      );
      return listOf(rows.slice(0, ACTIVE_ROWS_MAX), lang);
    }
  }
  const audiences = await audiencesOf(deps, viewerId, now);
  let query = deps.db
    .selectFrom("announcements")
    .selectAll()
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]));
  if (audiences !== "every") query = query.where("audience", "in", audiences);
  if (viewerId !== null)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("announcement_dismissals")
            .select("announcement_dismissals.announcement_id")
            .whereRef("announcement_dismissals.announcement_id", "=", "announcements.id")
            .where("announcement_dismissals.user_id", "=", viewerId),
        ),
      ),
    );
  if (dismissed.length > 0) query = query.where("id", "not in", dismissed);
  const rows = await query.orderBy("starts_at", "desc").orderBy("id", "desc").limit(ACTIVE_ROWS_MAX).execute();
  return listOf(rows, lang);
}

/** The newest active rows read before the most severe are picked (a list longer than this shows its newest). */
const ACTIVE_ROWS_MAX = 20;

/** The bar's items of active rows in their newest-first order: the most severe first, in the language. */
function listOf(rows: Selectable<AnnouncementsTable>[], lang: Language): AnnouncementList {
  const items: AnnouncementItem[] = rows
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
    .slice(0, ANNOUNCEMENTS_SHOWN_MAX)
    .map((row) => ({
      id: row.id,
      severity: row.severity,
      title: (row[`title_${lang}`] ?? "") || row.title_de || null,
      text: (lang === "de" ? row.text_de : (row[`text_${lang}`] ?? "")) || row.text_de,
      url: row.url,
      starts_at: Number(row.starts_at),
      ends_at: row.ends_at === null ? null : Number(row.ends_at),
    }));
  return { items };
}

/**
 * A guest's announcements from memory (ADR 179): every guest page asked the database for the same few rows (~200 µs
 * of a page). Kept: the announcements for everyone that had not ended when read — scheduled ones too, so each call
 * filters by its own instant and one that starts or ends does so on time. Forgotten by this module's writes at once
 * (before their answer leaves), on other instances by the bus event every staff write sends (`shell_changed` for
 * everyone, ADR 148), and read again after the time to live of the chrome's caches (a write past the API: another
 * process, a test's or an operator's statement). A list longer than GUEST_CANDIDATES_MAX is not kept (the statement
 * answers then).
 */
const GUEST_CANDIDATES_MAX = 100;

type AnnouncementRow = Selectable<AnnouncementsTable>;

class GuestAnnouncements {
  private kept: { expires: number; rows: Promise<AnnouncementRow[] | null> } | null = null;

  constructor(private readonly deps: ApiDeps) {
    deps.bus.subscribe(({ event }) => {
      if (event.type === "shell_changed" && event.members === null) this.forget();
    });
  }

  candidates(now: number): Promise<AnnouncementRow[] | null> {
    if (this.kept && this.kept.expires > now) return this.kept.rows;
    const entry = { expires: now + chromeCacheTtlMs, rows: readGuestCandidates(this.deps, now) };
    this.kept = entry;
    // A failed read is not kept; one a forget overtook is no longer `kept` and stays out.
    entry.rows.catch(() => {
      if (this.kept === entry) this.kept = null;
    });
    return entry.rows;
  }

  forget(): void {
    this.kept = null;
  }
}

const guestCaches = perDatabase((deps) => new GuestAnnouncements(deps));

/** The guests' candidate rows (newest first), or null when they are not kept (cache off, or too many to keep). */
function guestCandidates(deps: ApiDeps, now: number): Promise<AnnouncementRow[] | null> {
  if (chromeCacheTtlMs === 0) return Promise.resolve(null);
  return guestCaches.of(deps).candidates(now);
}

async function readGuestCandidates(deps: ApiDeps, now: number): Promise<AnnouncementRow[] | null> {
  const rows = await deps.db
    .selectFrom("announcements")
    .selectAll()
    .where("audience", "=", "all")
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .limit(GUEST_CANDIDATES_MAX + 1)
    .execute();
  return rows.length > GUEST_CANDIDATES_MAX ? null : rows;
}

/** After a write to the announcements: guests read them afresh here at once (other instances hear the bus). */
function forgetGuestAnnouncements(deps: ApiDeps): void {
  guestCaches.existing(deps)?.forget();
}

/** POST /announcements/{id}/dismiss: remembered for the member; unknown or inactive ids answer 404. */
export async function dismissAnnouncement(deps: ApiDeps, userId: number, id: number): Promise<AnnouncementDismissed> {
  const row = await deps.db.selectFrom("announcements").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) throw fail.notFound();
  await deps.db
    .insertInto("announcement_dismissals")
    .values({ announcement_id: id, user_id: userId, dismissed_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(["user_id", "announcement_id"]).doNothing())
    .execute();
  return { id, dismissed: true };
}

/**
 * The audiences a viewer belongs to: guests see "all" only; a member also their kind and "plus" while it runs;
 * staff see every announcement (they check what members see).
 */
async function audiencesOf(deps: ApiDeps, viewerId: number | null, now: number): Promise<AnnouncementAudience[] | "every"> {
  if (viewerId === null) return ["all"];
  const viewer = await deps.db
    .selectFrom("users")
    .select(["user_type", "is_member", "member_until"])
    .where("id", "=", viewerId)
    .executeTakeFirst();
  if (!viewer) return ["all"];
  if (isStaffUserType(viewer.user_type)) return "every";
  const audiences: AnnouncementAudience[] = ["all"];
  if (viewer.user_type === USER_TYPE.client) audiences.push("clients");
  if (viewer.user_type === USER_TYPE.escort) audiences.push("escorts");
  if (viewer.user_type === USER_TYPE.business) audiences.push("businesses");
  if (plusRunning(viewer, now)) audiences.push("plus");
  return audiences;
}

/** The window of a posted form: starts_at empty is now; ends_at empty is `days` after the start, or open. */
function windowOf(input: AnnouncementCreateInput, now: number): { starts_at: number; ends_at: number | null } {
  const wall = (text: string) => {
    const digits = text === "" ? null : parseWallTime(text);
    return digits === null ? null : operatorInstantOfWall(digits);
  };
  const startsAt = wall(input.starts_at) ?? now;
  const endsAt = wall(input.ends_at) ?? (input.days ? startsAt + input.days * DAY_MS : null);
  if (endsAt !== null && endsAt <= startsAt) throw fail.badRequest("validation.editors.ends_before_start", "ends_at");
  return { starts_at: startsAt, ends_at: endsAt };
}

function columnsOf(input: AnnouncementCreateInput) {
  return {
    severity: input.severity,
    audience: input.audience,
    title_de: input.title_de || null,
    title_en: input.title_en || null,
    title_es: input.title_es || null,
    title_pl: input.title_pl || null,
    text_de: input.text_de,
    text_en: input.text_en || null,
    text_es: input.text_es || null,
    text_pl: input.text_pl || null,
    url: input.url || null,
  };
}

function editorItemOf(row: Selectable<AnnouncementsTable>, now: number): AnnouncementEditorItem {
  const startsAt = Number(row.starts_at);
  const endsAt = row.ends_at === null ? null : Number(row.ends_at);
  const byLanguage = (prefix: "title" | "text") =>
    Object.fromEntries(SUPPORTED_LANGUAGES.map((lang) => [lang, row[`${prefix}_${lang}`] ?? ""])) as Record<Language, string>;
  return {
    id: row.id,
    severity: row.severity,
    audience: row.audience,
    titles: byLanguage("title"),
    texts: byLanguage("text"),
    url: row.url ?? "",
    starts_at: startsAt,
    ends_at: endsAt,
    state: startsAt > now ? "scheduled" : endsAt !== null && endsAt <= now ? "ended" : "active",
    created_at: Number(row.created_at),
    updated_at: row.updated_at === null ? null : Number(row.updated_at),
  };
}

/** GET /backoffice/announcements (content.edit): the newest 100 by start, scheduled, active and ended. */
export async function announcementsForEditor(deps: ApiDeps, staffId: number): Promise<AnnouncementEditorList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const rows = await deps.db
    .selectFrom("announcements")
    .selectAll()
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  const now = deps.clock.now();
  return { items: rows.map((row) => editorItemOf(row, now)) };
}

/** POST /backoffice/announcements (content.edit): a new announcement; the trail keeps what was posted. */
export async function createAnnouncement(deps: ApiDeps, staffId: number, input: AnnouncementCreateInput): Promise<AnnouncementEditorList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  const window = windowOf(input, now);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("announcements")
      .values({ ...columnsOf(input), ...window, created_by: staffId, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "announcement.create",
        subjectType: "announcement",
        subjectId: String(row.id),
        reason: null,
        before: null,
        after: editorItemOf(row, now),
      },
      now,
    );
  });
  forgetGuestAnnouncements(deps);
  return announcementsForEditor(deps, staffId);
}

/** POST /backoffice/announcements/{id} (content.edit): texts, audience and window replaced. 404 for an unknown id. */
export async function updateAnnouncement(
  deps: ApiDeps,
  staffId: number,
  id: number,
  input: AnnouncementCreateInput,
): Promise<AnnouncementEditorList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("announcements").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound();
    // An edit keeps the original start when the form leaves it empty (an active announcement is not restarted).
    const window = windowOf(input, Number(before.starts_at));
    const after = await trx
      .updateTable("announcements")
      .set({ ...columnsOf(input), ...window, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "announcement.update",
        subjectType: "announcement",
        subjectId: String(id),
        reason: null,
        before: editorItemOf(before, now),
        after: editorItemOf(after, now),
      },
      now,
    );
  });
  forgetGuestAnnouncements(deps);
  return announcementsForEditor(deps, staffId);
}

/** POST /backoffice/announcements/{id}/end (content.edit): ends now (a scheduled one never starts). 409 when already ended. */
export async function endAnnouncement(deps: ApiDeps, staffId: number, id: number): Promise<AnnouncementEditorList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("announcements").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound();
    if (before.ends_at !== null && Number(before.ends_at) <= now) throw fail.conflict("exception.editors.announcement_ended");
    const after = await trx
      .updateTable("announcements")
      .set({ ends_at: now, starts_at: Math.min(Number(before.starts_at), now), ended_by: staffId, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "announcement.end",
        subjectType: "announcement",
        subjectId: String(id),
        reason: null,
        before: editorItemOf(before, now),
        after: editorItemOf(after, now),
      },
      now,
    );
  });
  forgetGuestAnnouncements(deps);
  return announcementsForEditor(deps, staffId);
}
