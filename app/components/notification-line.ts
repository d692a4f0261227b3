/** One notification as a line of text in the reader's language (ADR 044): the event's key, the actor, the item. */
import type { TFunction } from "i18next";
import type { Camelize } from "~/api/camelize";
import type { NotificationItem } from "#server/contract/notifications";
import type { Language } from "#server/contract/locales";
import { formatHomeMoment } from "~/utils/dates";

export type NotificationEntry = Camelize<NotificationItem>;

const ITEMS = new Set(["photo", "profession", "status", "description", "interests"]);

export function notificationLine(t: TFunction, item: NotificationEntry): string {
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
