/**
 * Announcements (spec section 7 "definitions": GET announcement list with lang; ADR 044): site-wide lines shown
 * in the bar at the top, with per-language texts (German is the fallback), an active window and a severity. A
 * signed-in member's "got it" is stored; a guest's is a cookie the web tier passes as `dismissed`.
 */
import { recordAudit } from "../audit/index";
import { requireStaffPermission } from "../access/index";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  ANNOUNCEMENTS_SHOWN_MAX,
  type AnnouncementCreateInput,
  type AnnouncementDismissed,
  type AnnouncementItem,
  type AnnouncementList,
} from "../../contract/notifications";
import type { Language } from "../../contract/locales";

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
  let query = deps.db
    .selectFrom("announcements")
    .select(["id", "severity", "text_de", "text_en", "text_es", "text_pl", "url", "starts_at", "ends_at"])
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]));
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
  const rows = await query.orderBy("starts_at", "desc").orderBy("id", "desc").limit(20).execute();
  const items: AnnouncementItem[] = rows
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
    .slice(0, ANNOUNCEMENTS_SHOWN_MAX)
    .map((row) => ({
      id: row.id,
      severity: row.severity,
      text: (lang === "de" ? row.text_de : (row[`text_${lang}`] ?? "")) || row.text_de,
      url: row.url,
      starts_at: Number(row.starts_at),
      ends_at: row.ends_at === null ? null : Number(row.ends_at),
    }));
  return { items };
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

/** POST /backoffice/announcements (staff): starts now, runs `days` days. */
export async function createAnnouncement(deps: ApiDeps, staffId: number, input: AnnouncementCreateInput): Promise<AnnouncementList> {
  await requireStaffPermission(deps, staffId, "content.edit");
  const now = deps.clock.now();
  const values = {
    severity: input.severity,
    text_de: input.text_de,
    text_en: input.text_en || null,
    text_es: input.text_es || null,
    text_pl: input.text_pl || null,
    url: input.url || null,
    starts_at: now,
    ends_at: now + input.days * DAY_MS,
    created_by: staffId,
    created_at: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto("announcements").values(values).returning("id").executeTakeFirstOrThrow();
    const audit = { actorId: staffId, action: "announcement.create", subjectType: "announcement", subjectId: String(id), reason: null };
    await recordAudit(trx, { ...audit, before: null, after: values }, now);
  });
  return activeAnnouncements(deps, "de", null);
}
