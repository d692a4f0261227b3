/**
 * A member's notification choices (issue 10): stored per kind and channel, defaults from the contract.
 * `wantsNotification` is the one question every sender asks (messages, dates, reviews… as they arrive).
 */
import type { ApiDeps } from "../../api/types";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from "../../contract/settings";

export async function notificationPreferences(deps: ApiDeps, userId: number): Promise<NotificationPreferences> {
  const rows = await deps.db
    .selectFrom("notification_preferences")
    .select(["kind", "channel", "enabled"])
    .where("user_id", "=", userId)
    .execute();
  const preferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  for (const row of rows) {
    if (
      (NOTIFICATION_KINDS as readonly string[]).includes(row.kind) &&
      (NOTIFICATION_CHANNELS as readonly string[]).includes(row.channel)
    ) {
      preferences[row.kind as NotificationKind][row.channel as NotificationChannel] = row.enabled === 1;
    }
  }
  return preferences;
}

export async function saveNotificationPreferences(
  deps: ApiDeps,
  userId: number,
  input: Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>,
): Promise<NotificationPreferences> {
  const now = deps.clock.now();
  const rows = NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({ user_id: userId, kind, channel, enabled: input[kind]?.[channel] ? 1 : 0, updated_at: now })),
  );
  // An upsert, not delete-and-insert: two saves at once must not collide on the key.
  await deps.db
    .insertInto("notification_preferences")
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(["user_id", "kind", "channel"])
        .doUpdateSet((eb) => ({ enabled: eb.ref("excluded.enabled"), updated_at: eb.ref("excluded.updated_at") })),
    )
    .execute();
  return notificationPreferences(deps, userId);
}

/** Whether a member wants to hear about a kind of event on a channel. */
export async function wantsNotification(
  deps: ApiDeps,
  userId: number,
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<boolean> {
  const row = await deps.db
    .selectFrom("notification_preferences")
    .select("enabled")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("channel", "=", channel)
    .executeTakeFirst();
  return row ? row.enabled === 1 : DEFAULT_NOTIFICATION_PREFERENCES[kind][channel];
}
