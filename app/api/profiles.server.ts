/**
 * The profile page's data: one batch of /profiles/{username}/detail and
 * /regionbox, the username rules of spec section 5 (redirects) and the
 * caching headers. Shared by p/{username} and its tabs.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import type { MediaImage } from "#server/contract/media";
import type { ProfileRelation } from "#server/contract/profile-relation";
import type { Camelize } from "./camelize";
import { isValidProfileUsername } from "#server/contract/validation";
import { localePath } from "~/i18n/lang";
import { readSession } from "~/session/session.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { createApiClient } from "./client.server";
import { profileExtrasBatch, type InterviewsData, type PreferredDatesData } from "./profile-extras.server";
import { GUEST_MAX_AGE, guestPage, memberView, noStore } from "~/utils/cache-headers";

export interface ProfileDetail {
  id: number;
  username: string;
  displayName: string;
  userType: number;
  gender: number | null;
  age: number | null;
  cityName: string | null;
  isMember: boolean;
  avatar: MediaImage | null;
  isOwner: boolean;
  membersOnly: boolean;
  registeredAt: number;
  updatedAt: number;
  lastActiveDays: number | null;
  location: {
    cityName: string | null;
    citySlug: string | null;
    countryCode: string | null;
    countrySlug: string | null;
    region: { code: string; name: string; slug: string } | null;
  };
  texts: { status: string | null; description: string | null; interests: string | null; profession: string | null };
  appearance: {
    heightCm: number | null;
    weightKg: number | null;
    penisLengthCm: number | null;
    penisDiameterCm: number | null;
    isSmoker: boolean | null;
  };
  traits: Array<{ groupKey: string; optionIds: number[] }>;
  languages: number[];
  prices: { times: Array<{ durationMinutes: number; priceEur: number }>; extras: Array<{ name: string; priceEur: number }> };
  workHours: {
    availableNow: boolean;
    availableNowUntil: number | null;
    schedule: Array<{ day: number; timeFrom: string; timeTo: string; isOverDay: boolean }>;
  };
  badges: {
    emailVerified: boolean;
    plusMember: boolean;
    photoVerified: boolean;
    ageVerified: boolean;
    trustLevel: { level: number; max: number; shown: boolean };
    /** The owner offers only protected sex (ADR 039). */
    safeSex: boolean;
  };
  /** Upcoming and active tours, soonest first. */
  tours: Array<{ cityName: string; dateFrom: string; dateTo: string; status: "upcoming" | "active" }>;
  reviews: { count: number; average: number | null };
  gallery: Array<{ id: number; kind: string; visibility: string; isAvatar: boolean; image: MediaImage }>;
  /** Keyed by visibility, camelized: loggedIn, plusMember, fsk18. */
  hiddenMedia: Partial<Record<"loggedIn" | "plusMember" | "fsk18", number>>;
  /** verifyEmailFirst: messaging and date requests wait for the viewer's verified address (ADR 024). */
  actions: { canFavorite: boolean; canMessage: boolean; canRequestDate: boolean; verifyEmailFirst: boolean };
  /** Favorite, friend link, note, report and block for the signed-in viewer (issue 11). */
  relation: Camelize<ProfileRelation>;
}

export interface RegionBox {
  nearbyCities: Array<{
    name: string;
    slug: string;
    countrySlug: string | null;
    regionSlug: string | null;
    distanceKm: number;
    profiles: number;
  }>;
}

export type ProfilePageData =
  | {
      kind: "profile";
      lang: Language;
      signedIn: boolean;
      profile: ProfileDetail;
      regionbox: RegionBox;
      /** The interview and an escort's preferred dates (ADR 039); null when not answered (or not an escort). */
      interviews: InterviewsData | null;
      preferredDates: PreferredDatesData | null;
    }
  | { kind: "members_only"; lang: Language; signedIn: false; username: string };

/** Guests share a page for a minute (then revalidate with the ETag); a signed-in viewer's page is theirs alone. */
export function publicPageHeaders(request: Request): Record<string, string> {
  const signedIn = readSession(request, Date.now()).token !== null;
  return signedIn ? memberView() : guestPage(GUEST_MAX_AGE.profile, { revalidate: true, varyCookie: true });
}

/**
 * Spec section 2/5: favicon.ico as a username → /error/500 (a browser asking
 * for an icon relative to the page); any other invalid username →
 * /error/404?reason=username_invalid.
 */
export function checkProfileUsername(lang: Language, username: string): void {
  if (username.toLowerCase() === "favicon.ico") throw redirect(localePath(lang, "error/500"));
  if (username === "" || !isValidProfileUsername(username)) throw redirect(`${localePath(lang, "error/404")}?reason=username_invalid`);
}

export async function loadProfilePage(request: Request, context: AppLoadContext, params: { lang?: string; username?: string }) {
  const lang: Language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const api = createApiClient({ request, context });
  const base = `/api/v2/profiles/${encodeURIComponent(username)}`;
  const results = await api.batch<{
    detail: ProfileDetail;
    regionbox: RegionBox;
    interviews: InterviewsData;
    preferredDates: PreferredDatesData;
  }>({
    detail: { endpoint: `${base}/detail` },
    regionbox: { endpoint: `${base}/regionbox` },
    ...profileExtrasBatch(username),
  });
  const headers = publicPageHeaders(request);
  const signedIn = api.session.token !== null;
  if (!results.detail.ok) {
    const { status, errors } = results.detail;
    if (status === 403 && errors.some((e) => e.key === "exception.profile.members_only")) {
      return data({ kind: "members_only", lang, signedIn: false, username } as ProfilePageData, { headers });
    }
    // Unknown, hidden or blocked: the same real 404 page either way.
    if (status === 404) throw await notFoundResponse(request);
    throw new Response(null, { status: status >= 500 && status < 600 ? status : 502, headers: noStore() });
  }
  const regionbox = results.regionbox.ok ? results.regionbox.data : { nearbyCities: [] };
  const interviews = results.interviews.ok ? results.interviews.data : null;
  const preferredDates = results.preferredDates.ok ? results.preferredDates.data : null;
  return data({ kind: "profile", lang, signedIn, profile: results.detail.data, regionbox, interviews, preferredDates } as ProfilePageData, {
    headers,
  });
}
