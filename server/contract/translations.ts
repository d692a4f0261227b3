/**
 * Translation loading and missing-key reports (issue 32 item 7, ADR 136; spec section 7 "translation fetch with
 * missing-keys reporting", section 9 "Translation read retries 5 from 350 ms doubling, 10 parallel").
 */
// Free of valibot: the browser's entry imports these constants (the request schemas sit beside their operations).

/**
 * How the browser's i18next reads /public/locales/{lng}/{ns}.json: 5 retries, the first after 350 ms and each
 * pause doubled (i18next's connector doubles it), at most 10 files at once. A 5xx or no answer is retried, a 4xx not
 * (app/i18n/client-i18n.ts).
 */
export const TRANSLATION_LOADING = { maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 } as const;

/** Missing-key reports: what one report may hold and how often a visitor and everyone together may send one. */
export const MISSING_KEY_LIMITS = {
  /** Keys in one report (the browser sends what it collected, at most this many). */
  keysPerReport: 20,
  keyMaxLength: 200,
  /** Per visitor (IP address): reports in a window. */
  perVisitor: { windowMs: 60_000, limit: 10 },
  /** All visitors together: a flood of reports (a broken deploy, a script) stops being stored at this. */
  global: { windowMs: 60_000, limit: 300 },
} as const;

/** The back office's list of reported keys: rows a page (ADR 139). */
export const MISSING_KEYS_PER_PAGE = 50;

/**
 * A reported key's state: open; fixed (a locale file has it now; a later report opens it again); dismissed (no key
 * of ours, e.g. a computed key's typo or an invented one; stays closed, its count still grows).
 */
export const MISSING_KEY_STATES = ["open", "fixed", "dismissed"] as const;
export type MissingKeyState = (typeof MISSING_KEY_STATES)[number];
/** The list's state filter: a state, or all of them. */
export const MISSING_KEY_FILTER_STATES = [...MISSING_KEY_STATES, "all"] as const;

/** The spec's rule: a "key" with whitespace is a natural-language fallback and is shown as it is. */
export function readsAsText(key: string): boolean {
  return /\s/.test(key);
}

/** One reported key: a language, a namespace and the key (contract/operations/translations validates it). */
export interface MissingKeyReport {
  keys: Array<{ lng: string; ns: string; key: string }>;
}

// Response bodies.

export interface MissingKeyReceipt {
  /** Keys counted (a key already reported counts again: its count and last_seen_at grow). */
  counted: number;
}

export interface MissingKeyItem {
  id: number;
  language: string;
  namespace: string;
  key: string;
  count: number;
  first_seen_at: number;
  last_seen_at: number;
  fixed_at: number | null;
  dismissed_at: number | null;
  state: MissingKeyState;
}

export interface MissingKeyList {
  /** One page, most reported first. */
  items: MissingKeyItem[];
  /** Rows matching the filter, over all pages. */
  total: number;
  page: number;
  per_page: number;
  /** Open keys per language and namespace, for the filter. */
  groups: Array<{ language: string; namespace: string; open: number }>;
}

export interface TranslationsBodies {
  MissingKeyReceipt: MissingKeyReceipt;
  MissingKeyList: MissingKeyList;
  MissingKeyItem: MissingKeyItem;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends TranslationsBodies {}
}
