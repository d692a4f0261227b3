/**
 * What plus unlocks (issue 24 item 5, ADR 061): the ONE list of benefits, who among plus members gets each, and how
 * each reads on the membership page (spec section 6). Whether plus runs is decided by the entitlements kernel
 * (server/modules/access/entitlements.ts) from the member row and the clock, never here and never in the web tier:
 * the web tier reads the viewer's answer (GET /user/data `entitlements`).
 */
import { USER_TYPE } from "./users";

/** Plus members are told apart by kind: clients, or escorts and businesses ("providers"), as spec section 6 lists them. */
export type PlusBenefitAudience = "client" | "provider";

export function plusBenefitAudienceOf(userType: number): PlusBenefitAudience {
  return userType === USER_TYPE.client ? "client" : "provider";
}

const BOTH: readonly PlusBenefitAudience[] = ["client", "provider"];
const PROVIDERS: readonly PlusBenefitAudience[] = ["provider"];
const CLIENTS: readonly PlusBenefitAudience[] = ["client"];

/**
 * Each benefit a check in the code asks for, in the order the membership page lists them:
 * - `granted`: which plus members have it (today's rules; section 6 lists some for one kind only, see ADR 061);
 * - `label`: the spec's wording per kind on the membership page (membership.benefits.<label>); none: not listed.
 * A benefit without a check yet (ad_free, free_rise_up, advanced_filters) is granted and listed all the same, so its
 * feature only asks the kernel.
 */
export const BENEFITS = {
  /** Messenger contact rules (ADR 043): more first contacts, hot and new escorts, no free-pair cap, filters. */
  contact_limits: { granted: BOTH, label: { client: "unlimited_contact_escorts", provider: "unlimited_contact_clients" } },
  /** Media of visibility plus_member on others' profiles. */
  exclusive_media: { granted: BOTH, label: { client: "exclusive_media" } },
  /** Who looked at me and who keeps me (ADR 036), named in their notifications (ADR 044). */
  see_visitors: { granted: BOTH, label: { client: "see_visitors_favorites", provider: "see_visitors" } },
  /** Ranking in search (docs/search-ranking.md). The search table's SQL asks plus only: it is granted to all. */
  better_search_position: { granted: BOTH, label: { provider: "better_search_position" } },
  /** Visits leave no trace, presence looks offline (ADR 028). */
  invisible_browsing: { granted: BOTH, label: { client: "invisible_browsing", provider: "invisible_browsing" } },
  /** Writing private notes on profiles (ADR 037). */
  notes: { granted: BOTH, label: { client: "notes" } },
  free_rise_up: { granted: PROVIDERS, label: { provider: "free_rise_up" } },
  /** The trust level badge on the profile. */
  trust_level: { granted: PROVIDERS, label: { provider: "trust_level" } },
  ad_free: { granted: BOTH, label: { client: "ad_free", provider: "ad_free" } },
  advanced_filters: { granted: CLIENTS, label: { client: "advanced_filters" } },
  /** Search radii 150–500 km (spec section 6 "Radii 150-500 only for members"; section 5). */
  search_radius: { granted: BOTH, label: {} },
  /** The default sort top_ranking_distance_ring, forced in the URL (spec section 6 "for member clients"). */
  distance_ring_sort: { granted: CLIENTS, label: {} },
  /** Reading every date's review texts without unlocking them (ADR 047). */
  review_texts: { granted: BOTH, label: {} },
} as const satisfies Record<string, { granted: readonly PlusBenefitAudience[]; label: Partial<Record<PlusBenefitAudience, string>> }>;

export type Benefit = keyof typeof BENEFITS;
export const BENEFIT_NAMES = Object.keys(BENEFITS) as Benefit[];

// Spelled out (not derived from BENEFITS): the response schema generator reads this type (ADR 041).
/** A benefit as the membership page names it (spec section 6 wording). */
export type PlusBenefit =
  | "unlimited_contact_escorts"
  | "unlimited_contact_clients"
  | "exclusive_media"
  | "see_visitors_favorites"
  | "see_visitors"
  | "better_search_position"
  | "invisible_browsing"
  | "notes"
  | "free_rise_up"
  | "trust_level"
  | "ad_free"
  | "advanced_filters";

/** Whether plus members of this kind have the benefit (the kernel adds: and plus runs now). */
export function grantedTo(audience: PlusBenefitAudience, benefit: Benefit): boolean {
  return (BENEFITS[benefit].granted as readonly PlusBenefitAudience[]).includes(audience);
}

/** The benefits a plus member of this kind has, in list order. */
export function benefitsGrantedTo(audience: PlusBenefitAudience): Benefit[] {
  return BENEFIT_NAMES.filter((benefit) => grantedTo(audience, benefit));
}

/** The membership page's list for this kind: the labels of its benefits, in list order. */
export function plusBenefitLabels(audience: PlusBenefitAudience): PlusBenefit[] {
  return BENEFIT_NAMES.flatMap((benefit) => {
    const label = (BENEFITS[benefit].label as Partial<Record<PlusBenefitAudience, PlusBenefit>>)[audience];
    return label ? [label] : [];
  });
}

/**
 * The viewer's entitlements as the kernel computed them (GET /user/data): the web tier reads these and never decides
 * plus itself, so both tiers agree at every moment.
 */
export interface ViewerEntitlements {
  /** Plus runs now. */
  plus: boolean;
  /** When plus ends (ms since epoch); null: no end date, or no plus. */
  plus_until: number | null;
  /** The benefits the member may use now (empty without plus). */
  benefits: Benefit[];
}

/** Whether entitlements read from the API allow a benefit (the web tier's one question; guests have none). */
export function hasBenefit(entitlements: { benefits: readonly Benefit[] } | null | undefined, benefit: Benefit): boolean {
  return entitlements?.benefits.includes(benefit) ?? false;
}
