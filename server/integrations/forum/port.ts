/**
 * The forum's API as the forum module needs it (ADR 134): its categories, and a member's notification levels and
 * language pushed to it. The Discourse adapter (./discourse.ts) speaks Discourse's admin API over HTTP; tests answer
 * with a fake on msw. A failure throws: the caller keeps the member's choice and says the forum was not reached.
 */
export interface ForumCategory {
  id: number;
  name: string;
}

export interface ForumApi {
  categories(): Promise<ForumCategory[]>;
  /** Sets a member's (by our user id, their DiscourseConnect external_id) level of each named category. */
  setCategoryLevels(externalId: string, levels: ReadonlyArray<{ categoryId: number; level: number }>): Promise<void>;
  /** Sets the member's interface language on the forum (a Discourse locale name). */
  setLocale(externalId: string, locale: string): Promise<void>;
}
