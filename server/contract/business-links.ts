/**
 * A business (agency, club) lists escorts on its profile only once each escort accepted (issue 9 item 9).
 * The business names escorts in its registration step (or, later, its linked_profiles settings); each new
 * name becomes a request the escort accepts or declines on user/linked_profiles.
 */
import * as v from "valibot";
import { USER_TYPE } from "./users";
import { usernameSchema } from "./validation";

/**
 * A link's life (ADR 069): pending until the escort answers; accepted lists the escort; declined (the escort said no
 * to the request), ended (the escort ended an accepted listing) and removed (the business took the name back) are
 * kept as the record the request interval counts from, and are never shown on a profile.
 */
export const BUSINESS_LINK_STATUS = {
  pending: "pending",
  accepted: "accepted",
  declined: "declined",
  ended: "ended",
  removed: "removed",
} as const;
export type BusinessLinkStatus = (typeof BUSINESS_LINK_STATUS)[keyof typeof BUSINESS_LINK_STATUS];

/** The statuses that name an escort now: they count towards BUSINESS_ESCORTS_MAX and appear on the escort's page. */
export const ACTIVE_BUSINESS_LINK_STATUSES = [BUSINESS_LINK_STATUS.pending, BUSINESS_LINK_STATUS.accepted] as const;
/** What the business's own list shows: every status but its own removals. */
export const LISTED_FOR_BUSINESS_STATUSES = [
  BUSINESS_LINK_STATUS.pending,
  BUSINESS_LINK_STATUS.accepted,
  BUSINESS_LINK_STATUS.declined,
  BUSINESS_LINK_STATUS.ended,
] as const;

/**
 * A business asks the same escort at most once in this many days (ADR 069; the spec gives no number): counted from
 * its last request, or from the escort's decline or end when that came later. Inviting, re-inviting after a no, and
 * removing and naming again all pass this one rule, so none of them can be used to mail an escort again and again.
 */
export const BUSINESS_LINK_REQUEST_INTERVAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When this business may ask this escort again (epoch ms): the rule above, for a link in any status. */
export function nextBusinessLinkRequestAt(link: { status: string; created_at: number; decided_at: number | null }): number {
  const escortSaidNo = link.status === BUSINESS_LINK_STATUS.declined || link.status === BUSINESS_LINK_STATUS.ended;
  const since = escortSaidNo && link.decided_at !== null ? Math.max(link.created_at, link.decided_at) : link.created_at;
  return since + BUSINESS_LINK_REQUEST_INTERVAL_DAYS * DAY_MS;
}

/**
 * POST /user/business-links/escorts: a business asks an escort by username (ADR 069: never by e-mail, so nobody
 * learns whether an address has an account). Also the re-invite of a declined or ended link.
 */
export const businessLinkInviteSchema = v.object({ username: usernameSchema }, "validation.required");
export type BusinessLinkInviteInput = v.InferOutput<typeof businessLinkInviteSchema>;

/** What an escort can say to a business's request (decline also ends an accepted listing). */
export const BUSINESS_LINK_ANSWERS = ["accept", "decline"] as const;
export type BusinessLinkAnswer = (typeof BUSINESS_LINK_ANSWERS)[number];

export function isBusinessLinkAnswer(value: unknown): value is BusinessLinkAnswer {
  return (BUSINESS_LINK_ANSWERS as readonly unknown[]).includes(value);
}

/**
 * Which side of the links a member's page shows: escorts answer requests, businesses see whom they named;
 * clients have no linked profiles (spec section 6: the page is hidden for them).
 */
export function businessLinkSide(userType: number): "escort" | "business" | null {
  return userType === USER_TYPE.escort ? "escort" : userType === USER_TYPE.business ? "business" : null;
}

/** GET /user/business-links: what the signed-in member sees, by side. */
export interface BusinessLinksView {
  /** For an escort: the businesses that asked to list them, and those that do. */
  as_escort: Array<{ business_username: string; status: BusinessLinkStatus; requested_at: number }>;
  /**
   * For a business: the escorts it named, whether each accepted, declined or ended the listing, and from when it may
   * ask again (epoch ms; null while the link is pending or accepted).
   */
  as_business: Array<{
    escort_username: string;
    status: BusinessLinkStatus;
    requested_at: number;
    decided_at: number | null;
    next_request_at: number | null;
  }>;
}

/** POST /user/business-links/escorts and …/{escort}/remove: the link after the business's step. */
export interface BusinessLinkChanged {
  escort_username: string;
  status: BusinessLinkStatus;
}

/** POST /user/business-links/{business}/accept|decline: the link's state after the answer. */
export interface BusinessLinkAnswered {
  status: "accepted" | "declined" | "ended";
}
