/**
 * The back office's editors (issue 30 item 5, ADR 120): info and legal pages with their versions, SEO landing pages
 * (lp/{shortUrl}); the announcements' editor lives with the announcements in contract/notifications. Request schemas and response bodies both tiers share.
 */
import * as v from "valibot";
import { PAGE_SECTIONS, type PageSection } from "./pages";
import type { Language } from "./locales";
import type { AnnouncementEditorList } from "./notifications";

const required = "validation.required";
const invalid = "validation.invalid";

const text = (max: number) => v.pipe(v.string(required), v.trim(), v.maxLength(max, "validation.editors.too_long"));
const requiredText = (max: number) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, "validation.editors.too_long"));

// --- info and legal pages ----------------------------------------------------------------------------------------

/** Sections whose pages the editor edits (partners and misc are pages too, edited the same way). */
export const EDITABLE_PAGE_SECTIONS: readonly PageSection[] = PAGE_SECTIONS;
export const PAGE_LIMITS = { titleMax: 120, descriptionMax: 300, markdownMax: 100_000, reasonMin: 3, reasonMax: 200 } as const;
/** How many versions the history lists (newest first). */
export const PAGE_HISTORY_MAX = 50;

/** POST /backoffice/pages/{section}/{key}/{language}: publishes a new version; the one in force becomes "previous". */
export const pageVersionSchema = v.object(
  {
    title: requiredText(PAGE_LIMITS.titleMax),
    description: requiredText(PAGE_LIMITS.descriptionMax),
    markdown: requiredText(PAGE_LIMITS.markdownMax),
    reason: v.pipe(requiredText(PAGE_LIMITS.reasonMax), v.minLength(PAGE_LIMITS.reasonMin, "validation.editors.reason_short")),
  },
  required,
);
export type PageVersionInput = v.InferOutput<typeof pageVersionSchema>;

/** POST …/restore: an old version published again as the newest one, with its changelog line. */
export const pageRestoreSchema = v.object(
  { version: v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid)), reason: pageVersionSchema.entries.reason },
  required,
);

/** GET …?version=N: the version whose text and diff the editor shows (default: the one in force). */
export const pageEditorQuerySchema = v.strictObject(
  { version: v.optional(v.pipe(v.string(invalid), v.regex(/^\d{1,6}$/, invalid), v.transform(Number)), undefined) },
  invalid,
);

export interface PageVersionSummary {
  version: number;
  reason: string;
  author_name: string | null;
  created_at: number;
  published_at: number | null;
  /** The one in force (the highest published), and the one the public "previous" address serves. */
  current: boolean;
  previous: boolean;
}

export type DiffLine = { op: "same" | "add" | "del"; text: string };

export interface PageEditorPage {
  section: PageSection;
  key: string;
  language: Language;
  /** "file": nobody edited the page in this language yet, the text shown is the file's (the seed). */
  source: "database" | "file";
  /** The version shown in the form (the one asked for, or the one in force). */
  shown: { version: number | null; title: string; description: string; markdown: string };
  /** The shown version against the one before it (empty for the first). */
  diff: DiffLine[];
  versions: PageVersionSummary[];
}

export interface PageEditorIndexItem {
  section: PageSection;
  key: string;
  /** The version in force per language (null: the file). */
  versions: Record<Language, number | null>;
}

export interface PageEditorIndex {
  items: PageEditorIndexItem[];
}

// --- SEO landing pages -------------------------------------------------------------------------------------------

/** Short URLs are lower-case words joined by hyphens: lp/escort-berlin. */
export const SHORT_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const LANDING_LIMITS = { shortUrlMin: 3, shortUrlMax: 60, titleMax: 70, descriptionMax: 160, introMax: 2000 } as const;
export const LANDING_USER_TYPES = ["escort", "client"] as const;
export type LandingUserType = (typeof LANDING_USER_TYPES)[number];
/** "" means either gender (the url_detail item is left out). */
export const LANDING_GENDERS = ["", "1", "2"] as const;

const optionalText = (max: number) => v.optional(text(max), "");
/** German is required (the page's binding text and the fallback); the other languages fall back to it. */
const landingTexts = {
  title_de: requiredText(LANDING_LIMITS.titleMax),
  title_en: optionalText(LANDING_LIMITS.titleMax),
  title_es: optionalText(LANDING_LIMITS.titleMax),
  title_pl: optionalText(LANDING_LIMITS.titleMax),
  description_de: requiredText(LANDING_LIMITS.descriptionMax),
  description_en: optionalText(LANDING_LIMITS.descriptionMax),
  description_es: optionalText(LANDING_LIMITS.descriptionMax),
  description_pl: optionalText(LANDING_LIMITS.descriptionMax),
  intro_de: optionalText(LANDING_LIMITS.introMax),
  intro_en: optionalText(LANDING_LIMITS.introMax),
  intro_es: optionalText(LANDING_LIMITS.introMax),
  intro_pl: optionalText(LANDING_LIMITS.introMax),
};

/** POST /backoffice/landing-pages (new) and /backoffice/landing-pages/{id} (edit). German texts required. */
export const landingPageEditSchema = v.object(
  {
    short_url: v.pipe(
      v.string(required),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty(required),
      v.minLength(LANDING_LIMITS.shortUrlMin, "validation.editors.short_url_invalid"),
      v.maxLength(LANDING_LIMITS.shortUrlMax, "validation.editors.short_url_invalid"),
      v.regex(SHORT_URL_PATTERN, "validation.editors.short_url_invalid"),
    ),
    user_type: v.picklist(LANDING_USER_TYPES, invalid),
    city: v.optional(
      v.pipe(v.string(invalid), v.trim(), v.toLowerCase(), v.regex(/^([a-z0-9-]{0,80})$/, "validation.editors.city_invalid")),
      "",
    ),
    gender: v.optional(v.picklist(LANDING_GENDERS, invalid), ""),
    ...landingTexts,
  },
  required,
);
export type LandingPageEditInput = v.InferOutput<typeof landingPageEditSchema>;

/** POST /backoffice/landing-pages/{id}/active: published (true) or taken off line (false). */
export const landingPageActiveSchema = v.object({ active: v.boolean(invalid) }, required);

export interface LandingPageText {
  title: string;
  description: string;
  intro: string;
}

export interface LandingPageEditorItem {
  id: number;
  short_url: string;
  user_type: LandingUserType;
  city: string;
  gender: string;
  active: boolean;
  updated_at: number;
  /** Per language; a language without its own texts is missing (German is shown there). */
  texts: Partial<Record<Language, LandingPageText>>;
}

export interface LandingPageEditorList {
  items: LandingPageEditorItem[];
}

export interface EditorsBodies {
  PageEditorIndex: PageEditorIndex;
  PageEditorPage: PageEditorPage;
  LandingPageEditorList: LandingPageEditorList;
  LandingPageEditorItem: LandingPageEditorItem;
  AnnouncementEditorList: AnnouncementEditorList;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends EditorsBodies {}
}
