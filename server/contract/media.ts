/** Media enums of spec section 3 ("Media"), one place for both tiers. */

export const MEDIA_VISIBILITY = ["public", "logged_in", "plus_member", "fsk18", "private"] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITY)[number];

export const MEDIA_STATUS = { pending: 0, accepted: 1, rejected: 2, encoding: 3, holding: 6, uploading: 99 } as const;
export type MediaStatus = (typeof MEDIA_STATUS)[keyof typeof MEDIA_STATUS];

/** What a media row holds; recordings and videos arrive with their features. */
export const MEDIA_KIND = { photo: "photo", video: "video" } as const;
export type MediaKind = (typeof MEDIA_KIND)[keyof typeof MEDIA_KIND];
