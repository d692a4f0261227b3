/** Every rejection reason, text field and visibility of the moderation contract has its words in all four languages (ADR 030). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MEDIA_VISIBILITY } from "#server/contract/media";
import { MODERATED_TEXT_FIELD_KEYS, REJECTION_REASONS } from "#server/contract/moderation";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";

describe("moderation locales", () => {
  it.each(SUPPORTED_LANGUAGES)("%s names every reason, field and visibility", (language) => {
    const file = JSON.parse(readFileSync(`locales/${language}/moderation.json`, "utf8")) as {
      moderation: Record<string, Record<string, string>>;
    };
    const words = file.moderation;
    for (const reason of REJECTION_REASONS) expect(words.reasons?.[reason], reason).toMatch(/\S/);
    for (const field of MODERATED_TEXT_FIELD_KEYS) expect(words.fields?.[field], field).toMatch(/\S/);
    for (const visibility of MEDIA_VISIBILITY) expect(words.visibility?.[visibility], visibility).toMatch(/\S/);
  });
});
