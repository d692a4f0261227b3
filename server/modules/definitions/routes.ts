import type { Context } from "hono";
import { ok } from "../../api/router";
import type { ApiEnv } from "../../api/types";
import type { ModuleContext } from "../../api/module-context";
import { listCountries, listLanguages, matchesIfNoneMatch, getRegisterDefinitions } from "./service";
import { definitionsOps } from "../../contract/operations/definitions";

/** Public, shared-cache friendly: the same for every user, per language. */
const PUBLIC_CACHE = "public, max-age=300";

/** A list that depends on the request's language only: shared caches keep one copy per language. */
function okPerLanguage<T>(c: Context<ApiEnv>, data: T) {
  c.header("Cache-Control", PUBLIC_CACHE);
  c.header("Vary", "Accept-Language");
  return ok(c, data);
}

export function registerDefinitions({ v2 }: ModuleContext): void {
  v2.add(
    definitionsOps.languages,
    {
      summary: "Supported languages; `offered` marks those in the picker.",
      tag: "definitions",
      auth: "optional",
    },
    (c) => okPerLanguage(c, listLanguages(c.get("lang"))),
  );

  v2.add(
    definitionsOps.countries,
    {
      summary: "Countries with names in the request language and phone codes.",
      tag: "definitions",
      auth: "optional",
    },
    (c) => okPerLanguage(c, listCountries(c.get("lang"))),
  );

  v2.add(
    definitionsOps.register,
    {
      summary:
        "Everything the registration and profile forms offer: selectable user types, genders, salutations, register steps, measures, and the profile trait groups with options and label keys. Language-independent; answers 304 without a body when If-None-Match carries the current ETag.",
      tag: "definitions",
      auth: "optional",
    },
    (c) => {
      const { data, etag } = getRegisterDefinitions();
      c.header("Cache-Control", PUBLIC_CACHE);
      c.header("ETag", etag);
      if (matchesIfNoneMatch(c.req.header("if-none-match"), etag)) return c.body(null, 304);
      return ok(c, data);
    },
  );
}
