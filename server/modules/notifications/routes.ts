import { fail } from "../../api/errors";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { ANNOUNCEMENTS_SHOWN_MAX, NOTIFICATION_BELL_MAX, NOTIFICATION_ERRORS, NOTIFICATION_PAGE_SIZE } from "../../contract/notifications";
import { notificationsOps } from "../../contract/operations/notifications";
import {
  activeAnnouncements,
  announcementsForEditor,
  createAnnouncement,
  dismissAnnouncement,
  endAnnouncement,
  updateAnnouncement,
} from "./announcements";
import { pushSettings, subscribePush, unsubscribePush } from "./push";
import { deleteNotification, markAllRead, markNotification, notificationList, notificationSummary } from "./service";

const idOf = (raw: string | undefined) => rowIdParam(raw, NOTIFICATION_ERRORS.notFound);

/** The notifications group (issue 12 item 7; ADR 044) and the announcements of the definitions group. */
export function registerNotifications({ v2 }: ModuleContext): void {
  const base = { tag: "notifications", auth: "required" as const };
  v2.add(
    notificationsOps.list,
    {
      ...base,
      summary: `The member's notifications, ${NOTIFICATION_PAGE_SIZE} a page (page), unread first, then newest first; filter=unread keeps the unread. Notifications from a member blocked either way are left out.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await notificationList(c.get("deps"), user!.id, query)),
  );
  v2.add(
    notificationsOps.summary,
    {
      ...base,
      summary: `The bell: the unread count and the latest ${NOTIFICATION_BELL_MAX} notifications, unread first.`,
      statuses: [401],
    },
    async (c, { user }) => ok(c, await notificationSummary(c.get("deps"), user!.id)),
  );
  v2.add(
    notificationsOps.markRead,
    {
      ...base,
      summary:
        "Marks one notification read (read true) or unread again (read false). 404 exception.notifications.not_found for another member's id.",
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) => ok(c, await markNotification(c.get("deps"), user!.id, idOf(c.req.param("id")), body.read)),
  );
  v2.add(
    notificationsOps.readAll,
    {
      ...base,
      summary: "Marks every notification of the member read.",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await markAllRead(c.get("deps"), user!.id)),
  );
  v2.add(
    notificationsOps.remove,
    {
      ...base,
      summary: "Deletes one notification. 404 exception.notifications.not_found for another member's id.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await deleteNotification(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    notificationsOps.push,
    {
      ...base,
      summary:
        "Whether Web Push is offered (VAPID keys configured), the VAPID public key for PushManager.subscribe, and how many browsers the member subscribed.",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await pushSettings(c.get("deps"), user!.id)),
  );
  v2.add(
    notificationsOps.subscribePush,
    {
      ...base,
      summary:
        "Stores this browser's push subscription (PushSubscription.toJSON(): endpoint https, keys p256dh and auth). 404 when push is not offered.",
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) => ok(c, await subscribePush(c.get("deps"), user!.id, body, c.req.header("user-agent") ?? null)),
  );
  v2.add(
    notificationsOps.unsubscribePush,
    {
      ...base,
      summary: "Removes this browser's push subscription by its endpoint (only the member's own).",
      statuses: [400, 401],
    },
    async (c, { user, body }) => ok(c, await unsubscribePush(c.get("deps"), user!.id, body.endpoint)),
  );
  v2.add(
    notificationsOps.announcements,
    {
      tag: "definitions",
      auth: "optional",
      summary: `The announcements active now (at most ${ANNOUNCEMENTS_SHOWN_MAX}, most severe first) in lang (de, en, es, pl; German where a text is missing), without those the signed-in member dismissed or the ids in dismissed (a guest's cookie, comma-separated).`,
      statuses: [400],
    },
    async (c, { user, query }) => {
      const dismissed = query.dismissed ? query.dismissed.split(",").map(Number) : [];
      return ok(c, await activeAnnouncements(c.get("deps"), query.lang, user?.id ?? null, dismissed));
    },
  );
  v2.add(
    notificationsOps.dismissAnnouncement,
    {
      tag: "notifications",
      auth: "required",
      summary: 'The member\'s "got it" for an announcement; it no longer shows for them. 404 for an unknown id.',
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await dismissAnnouncement(c.get("deps"), user!.id, rowIdParam(c.req.param("id")))),
  );
  v2.add(
    notificationsOps.editorAnnouncements,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary:
        "Staff (content.edit): the newest 100 announcements by start with every language's title and text, audience, window and state (scheduled, active, ended).",
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await announcementsForEditor(c.get("deps"), user!.id)),
  );
  v2.add(
    notificationsOps.createAnnouncement,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary:
        "Staff (content.edit): a new announcement (severity; audience all|clients|escorts|businesses|plus; title_/text_ de required text, en/es/pl optional, German shown where empty; url a path after the language; starts_at/ends_at wall-clock YYYY-MM-DDTHH:MM in Europe/Berlin, empty start: now, empty end: days 1–365 after the start or open). Audited. 403 exception.backoffice.staff_only / role_forbidden.",
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => {
      if (!user) throw fail.unauthorized();
      return ok(c, await createAnnouncement(c.get("deps"), user.id, body));
    },
  );
  v2.add(
    notificationsOps.updateAnnouncement,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary:
        "Staff (content.edit): replaces an announcement's texts, audience and window (an empty start keeps the old one). Audited. 404 unknown id.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await updateAnnouncement(c.get("deps"), user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    notificationsOps.endAnnouncement,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Staff (content.edit): ends an announcement now. Audited. 404 unknown id, 409 exception.editors.announcement_ended.",
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await endAnnouncement(c.get("deps"), user!.id, rowIdParam(c.req.param("id")))),
  );
}
