/**
 * The bell's numbers and the popups' stickiness (re-exported by ./notifications): a module without valibot, so the
 * header of every hydrated page (ADR 050) and the popups' plain script (ADR 065) stay small.
 */

/** Spec section 9: the header's bell shows at most 8 notifications, of which 1 highlighted. */
export const NOTIFICATION_BELL_MAX = 8;
export const NOTIFICATION_BELL_HIGHLIGHTED = 1;

/** Spec section 4: how long a popup stays (short 5 s, medium 8 s, long 15 s, permanent until closed). */
export const NOTIFICATION_STICKINESS = ["short", "medium", "long", "permanent"] as const;
export type NotificationStickiness = (typeof NOTIFICATION_STICKINESS)[number];
export const STICKINESS_MS: Record<NotificationStickiness, number | null> = { short: 5_000, medium: 8_000, long: 15_000, permanent: null };
