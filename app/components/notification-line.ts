/** One notification as a line of text in the reader's language (ADR 044): the event's key, the actor, the item. */
import type { TFunction } from "i18next";
import type { Camelize } from "~/api/camelize";
import type { NotificationItem } from "#server/contract/notifications";
import type { Language } from "#server/contract/locales";
import { formatCalendarDate, formatHomeMoment } from "~/utils/dates";

export type NotificationEntry = Camelize<NotificationItem>;

const ITEMS = new Set(["photo", "profession", "status", "description", "interests"]);

/** Items a content queue's refusal names on its statement's line (the statement's notice, ADR 110). */
const REFUSED_ITEMS = new Set([...ITEMS, "interview", "bundle", "blog", "event", "promotion"]);

/** Calendar days in params (a suspension's `until`) are YYYY-MM-DD: shown in the reader's language, never as written. */
function readableParams(params: Record<string, string>, lang: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDate(value, lang) : value]),
  );
}

export function notificationLine(t: TFunction, entry: NotificationEntry, lang: Language): string {
  const item = { ...entry, params: readableParams(entry.params, lang) };
  // A content queue's refusal is told once, by its statement: the line names what was refused (and its title).
  if (item.event === "statement_issued" && item.params.item) {
    const what = t(`bell.items.${REFUSED_ITEMS.has(item.params.item) ? item.params.item : "content"}`);
    const key = item.params.title ? "bell.events.statement_refused_titled" : "bell.events.statement_refused";
    return t(key, { ...item.params, item: what });
  }
  const actor = item.actor?.displayName ?? t("bell.someone");
  const raw = item.params.item ?? "";
  const what = t(`bell.items.${ITEMS.has(raw) ? raw : "content"}`);
  // The event's own params (an event's title) fill its line too; actor and item are always the translated ones.
  return t(`bell.events.${item.event}`, { ...item.params, actor, item: what });
}

/** "25. Nov. 2026, 14:05" in the site's home zone (Europe/Berlin), as the other dates of the site. */
export function notificationTime(ms: number, lang: Language): string {
  return formatHomeMoment(ms, lang);
}
