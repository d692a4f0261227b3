/**
 * The info pages of spec section 2 (about, legal, misc, partners): which keys
 * exist, which one a section falls back to, and which stay out of the
 * navigation. The API serves exactly these; the web tier builds its routes,
 * redirects and side navigation from the same list.
 */
import type { Language } from "./locales";

export const PAGE_SECTIONS = ["about", "legal", "misc", "partners"] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];

export const PAGE_VERSIONS = ["current", "previous"] as const;
export type PageVersion = (typeof PAGE_VERSIONS)[number];

/** The key of a section's own page (/about, /partners): stored as index.md. */
export const INDEX_KEY = "index";

interface SectionCatalog {
  /** Keys in navigation order. */
  keys: readonly string[];
  /** Where a missing or unknown key goes (spec: /about, /legal/terms_and_conditions, /misc/press). */
  fallbackKey: string;
  /** Pages that exist but are not listed in navigation. */
  hiddenInNav: readonly string[];
}

export const PAGE_CATALOG: Record<PageSection, SectionCatalog> = {
  about: {
    keys: [
      INDEX_KEY,
      "social_responsibility",
      "rules",
      "magazine",
      "guidelines_and_policies",
      "content_removal_request",
      "2257_declaration",
    ],
    fallbackKey: INDEX_KEY,
    hiddenInNav: [],
  },
  legal: {
    keys: ["terms_and_conditions", "data_privacy_statement", "imprint", "dollar_terms", "dollar_standard_contract", "payment"],
    fallbackKey: "terms_and_conditions",
    // Spec: /legal/payment exists but is hidden in navigation (linked from checkout).
    hiddenInNav: ["payment"],
  },
  misc: {
    keys: ["press", "advertisement"],
    fallbackKey: "press",
    hiddenInNav: [],
  },
  partners: {
    keys: [INDEX_KEY],
    fallbackKey: INDEX_KEY,
    hiddenInNav: [],
  },
};

/** The about page that hosts the content removal form. */
export const CONTENT_REMOVAL_PAGE_KEY = "content_removal_request";

export function isPageSection(value: unknown): value is PageSection {
  return typeof value === "string" && (PAGE_SECTIONS as readonly string[]).includes(value);
}

export function isPageKey(section: PageSection, key: unknown): key is string {
  return typeof key === "string" && PAGE_CATALOG[section].keys.includes(key);
}

/** Keys a section's navigation lists, in order. */
export function navigationKeys(section: PageSection): string[] {
  const { keys, hiddenInNav } = PAGE_CATALOG[section];
  return keys.filter((key) => !hiddenInNav.includes(key));
}

/** The page's path after the language prefix, e.g. "about", "legal/imprint". */
export function pagePath(section: PageSection, key: string): string {
  return key === INDEX_KEY ? section : `${section}/${key}`;
}

/** GET /pages/{section}/{key}: one info or legal page, rendered. */
export interface PageDocument {
  section: PageSection;
  key: string;
  /** The version served: "current" also when "previous" was asked for but none exists. */
  version: PageVersion;
  /** The language of the text (de when the asked-for translation is missing). */
  language: Language;
  title: string;
  description: string;
  /** Calendar date the text was last changed, YYYY-MM-DD. */
  updated_at: string;
  html: string;
  has_previous: boolean;
}
