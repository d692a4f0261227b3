/**
 * A business (agency, club) lists escorts on its profile only once each escort accepted (issue 9 item 9).
 * The business names escorts in its registration step (or, later, its linked_profiles settings); each new
 * name becomes a request the escort accepts or declines on user/linked_profiles.
 */
import { USER_TYPE } from "./users";

export const BUSINESS_LINK_STATUS = { pending: "pending", accepted: "accepted" } as const;
export type BusinessLinkStatus = (typeof BUSINESS_LINK_STATUS)[keyof typeof BUSINESS_LINK_STATUS];

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
  /** For a business: the escorts it named, and whether each accepted. */
  as_business: Array<{ escort_username: string; status: BusinessLinkStatus; requested_at: number }>;
}

/** POST /user/business-links/{business}/accept|decline: the link's state after the answer. */
export interface BusinessLinkAnswered {
  status: "accepted" | "declined";
}
