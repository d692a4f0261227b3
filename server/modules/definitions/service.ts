/**
 * Definitions the forms are built from. Everything here is static per
 * deployment and the same for every user, so responses are public and
 * cacheable; only languages and countries vary with accept-language
 * (names localized with Intl.DisplayNames, CLDR data built into Node).
 */
import { createHash } from "node:crypto";
import { COUNTRY_CODES } from "../../contract/countries";
import { LANGUAGE_TAGS, OFFERED_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from "../../contract/locales";
import { BUSINESS_REGISTER_STEPS, INDIVIDUAL_REGISTER_STEPS } from "../../contract/registration";
import { APPEARANCE_MEASURES, TRAIT_GROUPS, traitCategoryKey, traitLabelKey, traitTitleKey } from "../../contract/traits";
import type { CountryDefinition, LanguageDefinition, RegisterDefinitions } from "../../contract/definitions";
import { GENDER, SALUTATIONS, SELECTABLE_USER_TYPES, USER_TYPE, userTypeName } from "../../contract/users";

function capitalize(text: string, tag: string): string {
  return text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);
}

export function listLanguages(lang: Language): LanguageDefinition[] {
  const names = new Intl.DisplayNames([LANGUAGE_TAGS[lang]], { type: "language" });
  return SUPPORTED_LANGUAGES.map((code) => {
    const tag = LANGUAGE_TAGS[code];
    // Spanish and Polish write language names in lower case; a list item starts upper case.
    const name = capitalize(names.of(code) ?? code, LANGUAGE_TAGS[lang]);
    const nativeName = capitalize(new Intl.DisplayNames([tag], { type: "language" }).of(code) ?? code, tag);
    return { code, name, native_name: nativeName, offered: OFFERED_LANGUAGES.includes(code) };
  });
}

/** Countries with names in the request language, sorted by that language's collation. */
export function listCountries(lang: Language): CountryDefinition[] {
  const tag = LANGUAGE_TAGS[lang];
  const names = new Intl.DisplayNames([tag], { type: "region" });
  const collator = new Intl.Collator(tag);
  return COUNTRY_CODES.map(({ code, phone }) => ({ code, name: names.of(code) ?? code, phone_code: phone })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

function buildRegisterDefinitions(): RegisterDefinitions {
  return {
    /** What a person can register as (backend and team are not selectable, spec section 3). */
    user_types: SELECTABLE_USER_TYPES.map((id) => ({ key: userTypeName(id), id, label_key: `user_types.${userTypeName(id)}` })),
    /** The full enum, for reading stored values. */
    all_user_types: USER_TYPE,
    genders: Object.entries(GENDER).map(([key, code]) => ({ key, code, label_key: traitLabelKey("gender", key) })),
    salutations: SALUTATIONS.map((key) => ({ key, label_key: traitLabelKey("salutation", key) })),
    register_steps: { individual: INDIVIDUAL_REGISTER_STEPS, business: [...BUSINESS_REGISTER_STEPS] },
    measures: APPEARANCE_MEASURES,
    trait_groups: TRAIT_GROUPS.map((group) => ({
      key: group.key,
      choice: group.choice,
      user_types: [...group.userTypes],
      required_at_registration: group.requiredAtRegistration,
      title_key: traitTitleKey(group.key),
      categories: ("categories" in group ? group.categories : []).map((category) => ({
        key: category,
        label_key: traitCategoryKey(group.key, category),
      })),
      options: group.options.map((option) => ({
        id: option.id,
        key: option.key,
        ...("category" in option && option.category !== undefined ? { category: option.category } : {}),
        label_key: traitLabelKey(group.key, option.key),
      })),
    })),
  };
}

let cached: { data: RegisterDefinitions; etag: string } | undefined;

/** Built once per process: the lists only change with a deployment. */
export function getRegisterDefinitions(): { data: RegisterDefinitions; etag: string } {
  if (!cached) {
    const data = buildRegisterDefinitions();
    const hash = createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 27);
    cached = { data, etag: `"${hash}"` };
  }
  return cached;
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === bare);
}
