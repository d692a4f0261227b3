/**
 * What can be reported and the report types by kind, in a module without valibot (ADR 156): every page with a
 * report form renders the type select (ReportTypeSelect), while reports.ts builds the API's schemas and re-exports
 * all of this.
 */
/**
 * What can be reported (spec section 7 "report": profiles, messages, blogs, comments, events, reviews, dates,
 * live, recordings, media) plus `page`: content named only by its web address, from the public notice form. Each kind
 * is declared by the module that owns it (its manifest's reportTypes, ADR 064), with the queue that decides it and,
 * where its objects exist, how to find one: the API checks the id (404 when the reporter cannot see such an object).
 * The others are accepted by kind and id without a check until their feature brings a table; for them the exact
 * location (`url`) is required, so the team can find the object (ADR 038).
 */
export const REPORT_OBJECT_KINDS = [
  "profile",
  "media",
  "message",
  "blog",
  "comment",
  "event",
  "review",
  // A review of an event (ADR 123); "review" is a date's review (their ids collide).
  "event_review",
  "date",
  "live",
  "recording",
  "page",
] as const;
export type ReportObjectKind = (typeof REPORT_OBJECT_KINDS)[number];

/** The groups of the type select; a category is only a heading, the type is what counts. */
export const REPORT_CATEGORIES = ["safety", "illegal", "authenticity", "conduct", "other"] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/**
 * The report types, each with its category and priority (1 = most urgent; the queue sorts by priority, then
 * age). Priority 1: a person may be in danger now (a minor, a victim of trafficking). Priority 2: serious harm
 * to a person that grows with every hour online (intimate images without consent, doxxing, threats).
 * Priority 3: illegal or dangerous offers and deception with victims. Priority 4: the rest.
 */
export const REPORT_TYPES = {
  /** A person shown or offered appears to be under 18 (child sexual abuse material is a crime everywhere). */
  underage: { category: "safety", priority: 1 },
  /** Coercion, trafficking, exploitation, a pimp speaking for the person (StGB §§ 232 ff., ProstSchG). */
  trafficking: { category: "safety", priority: 1 },
  /** Threats of violence or of exposure. */
  threat: { category: "safety", priority: 2 },
  /** Violence at a meeting (a provider hurt or held against their will); counts toward the warning list (ADR 121). */
  violence: { category: "safety", priority: 2 },
  /** A client did not pay for a meeting that took place; counts toward the warning list (ADR 121). */
  non_payment: { category: "conduct", priority: 3 },
  /** Intimate images or videos published without the consent of the person shown. */
  non_consensual_imagery: { category: "illegal", priority: 2 },
  /** Someone's private data (real name, address, workplace, phone) published (doxxing). */
  personal_data: { category: "illegal", priority: 2 },
  /** Offers of sex without a condom or with pregnant women (ProstSchG § 32). */
  unprotected_sex: { category: "illegal", priority: 3 },
  /** Other content the reporter holds illegal (a DSA Art. 16 notice; the explanation says which law). */
  illegal_content: { category: "illegal", priority: 3 },
  /** Someone's photos, videos or texts used without their permission (copyright, trademark). */
  copyright: { category: "illegal", priority: 4 },
  /** Fraud or scam: advance payments, fake bookings, phishing. */
  scam: { category: "authenticity", priority: 3 },
  /** Someone pretends to be another person, or uses someone else's photos. */
  impersonation: { category: "authenticity", priority: 3 },
  /** The profile belongs to nobody real, or the person is not who the profile says. */
  fake_profile: { category: "authenticity", priority: 4 },
  /** A review about a meeting that did not take place, bought or written by the profile itself. */
  fake_review: { category: "authenticity", priority: 4 },
  /** Insults, harassment, hate against a group. */
  hate_harassment: { category: "conduct", priority: 3 },
  /** Advertising, mass messages, links to other sites. */
  spam: { category: "conduct", priority: 4 },
  /** Anything else against the rules; the explanation is required. */
  other: { category: "other", priority: 4 },
} as const satisfies Record<string, { category: ReportCategory; priority: number }>;
export type ReportType = keyof typeof REPORT_TYPES;
export const REPORT_TYPE_KEYS = Object.keys(REPORT_TYPES) as ReportType[];

/** Types for every kind: danger to a person and illegal content can hide anywhere. */
const EVERYWHERE = ["underage", "trafficking", "threat", "personal_data", "illegal_content", "hate_harassment"] as const;
/** Types for kinds that show pictures or video. */
const IMAGERY = ["non_consensual_imagery", "impersonation", "copyright"] as const;

/** Which types apply to which kind (a report of another type is refused with 400 at `type`). */
export const REPORT_TYPES_BY_KIND: Record<ReportObjectKind, readonly ReportType[]> = {
  profile: [...EVERYWHERE, ...IMAGERY, "unprotected_sex", "scam", "fake_profile", "spam", "violence", "non_payment", "other"],
  media: [...EVERYWHERE, ...IMAGERY, "unprotected_sex", "other"],
  message: [...EVERYWHERE, "non_consensual_imagery", "unprotected_sex", "scam", "spam", "violence", "non_payment", "other"],
  blog: [...EVERYWHERE, ...IMAGERY, "unprotected_sex", "scam", "spam", "other"],
  comment: [...EVERYWHERE, "unprotected_sex", "scam", "spam", "other"],
  event: [...EVERYWHERE, "unprotected_sex", "scam", "spam", "other"],
  review: [...EVERYWHERE, "fake_review", "spam", "other"],
  event_review: [...EVERYWHERE, "fake_review", "spam", "other"],
  date: [...EVERYWHERE, "unprotected_sex", "scam", "violence", "non_payment", "other"],
  live: [...EVERYWHERE, ...IMAGERY, "unprotected_sex", "other"],
  recording: [...EVERYWHERE, ...IMAGERY, "unprotected_sex", "other"],
  page: REPORT_TYPE_KEYS,
};

/** The types in select order: by priority, then as listed. */
export function reportTypesFor(kind: ReportObjectKind): ReportType[] {
  return REPORT_TYPE_KEYS.filter((type) => REPORT_TYPES_BY_KIND[kind].includes(type)).sort(
    (a, b) => REPORT_TYPES[a].priority - REPORT_TYPES[b].priority,
  );
}
