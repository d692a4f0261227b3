/**
 * The content removal request (about/content_removal_request, reachable
 * without login). One schema for the API body; the web form reuses its
 * entries and only turns the URL textarea into a list first.
 */
import * as v from "valibot";
import { emailSchema } from "./validation";

/** Why the content should go; drives the moderators' queue priority. */
export const CONTENT_REMOVAL_REASONS = [
  "non_consensual",
  "minor",
  "trafficking_or_coercion",
  "personal_data",
  "impersonation",
  "copyright",
  "other",
] as const;
export type ContentRemovalReason = (typeof CONTENT_REMOVAL_REASONS)[number];

export const CONTENT_REMOVAL_LIMITS = {
  nameMax: 120,
  urlsMax: 20,
  urlMax: 2000,
  descriptionMin: 20,
  descriptionMax: 5000,
} as const;

const required = "validation.required";

/** Only web addresses can name content on the platform. */
export function isHttpUrl(value: string): boolean {
  if (value.length > CONTENT_REMOVAL_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The textarea holds one URL per line; blank lines do not count. */
export function splitUrlLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export const contentRemovalUrlsSchema = v.pipe(
  v.array(v.pipe(v.string("validation.content_removal.url_invalid"), v.trim()), "validation.content_removal.urls_required"),
  v.minLength(1, "validation.content_removal.urls_required"),
  v.maxLength(CONTENT_REMOVAL_LIMITS.urlsMax, "validation.content_removal.too_many_urls"),
  // One check over the list, so the error belongs to the "urls" field and not to an index.
  v.check((urls) => urls.every(isHttpUrl), "validation.content_removal.url_invalid"),
);

export const contentRemovalRequestSchema = v.object(
  {
    name: v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty(required),
      v.maxLength(CONTENT_REMOVAL_LIMITS.nameMax, "validation.content_removal.name_too_long"),
    ),
    email: emailSchema,
    urls: contentRemovalUrlsSchema,
    reason: v.picklist(CONTENT_REMOVAL_REASONS, "validation.content_removal.reason_required"),
    description: v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty(required),
      v.minLength(CONTENT_REMOVAL_LIMITS.descriptionMin, "validation.content_removal.description_too_short"),
      v.maxLength(CONTENT_REMOVAL_LIMITS.descriptionMax, "validation.content_removal.description_too_long"),
    ),
    // An unchecked box is simply absent from a form post: default it to false so the check
    // below reports its own message (a missing required key would report the object's).
    confirm_truth: v.pipe(
      v.optional(v.boolean("validation.content_removal.confirmation_required"), false),
      v.check((value) => value === true, "validation.content_removal.confirmation_required"),
    ),
  },
  required,
);

export type ContentRemovalRequest = v.InferOutput<typeof contentRemovalRequestSchema>;
