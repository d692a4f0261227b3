import { ok } from "../../api/router";
import { OFFERED_LANGUAGES, SUPPORTED_LANGUAGES, LANGUAGE_TAGS } from "../../contract/locales";
import { TRAIT_GROUPS } from "../../contract/traits";
import { GENDER, SALUTATIONS, USER_TYPE } from "../../contract/users";
import { COUNTRY_CODES } from "../../contract/countries";
import type { ModuleContext } from "../index";

export function registerDefinitions({ v2 }: ModuleContext): void {
  v2.add({ method: "get", path: "/definitions/languages", summary: "Supported languages; `offered` marks those in the picker.", tag: "definitions", auth: "optional" }, (c) => {
    const names = new Intl.DisplayNames([LANGUAGE_TAGS[c.get("lang")]], { type: "language" });
    return ok(
      c,
      SUPPORTED_LANGUAGES.map((code) => ({ code, name: names.of(code) ?? code, offered: OFFERED_LANGUAGES.includes(code) })),
    );
  });

  v2.add({ method: "get", path: "/definitions/countries", summary: "Countries with localized names and phone codes where known.", tag: "definitions", auth: "optional" }, (c) => {
    const names = new Intl.DisplayNames([LANGUAGE_TAGS[c.get("lang")]], { type: "region" });
    const collator = new Intl.Collator(LANGUAGE_TAGS[c.get("lang")]);
    const countries = COUNTRY_CODES.map(({ code, phone }) => ({ code, name: names.of(code) ?? code, phone_code: phone })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    return ok(c, countries);
  });

  v2.add(
    { method: "get", path: "/definitions/register", summary: "Everything the registration and profile forms offer: user types, genders, salutations, trait groups with options.", tag: "definitions", auth: "optional" },
    (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return ok(c, {
        user_types: USER_TYPE,
        genders: GENDER,
        salutations: SALUTATIONS,
        trait_groups: TRAIT_GROUPS,
      });
    },
  );
}
