import { readFileSync } from "node:fs";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  CUP_SIZE_BANDS,
  ESCORT_SERVICE_CATEGORIES,
  REQUIRED_REGISTRATION_TRAITS,
  TRAIT_GROUPS,
  TRAIT_GROUP_KEYS,
  findTraitGroup,
  isValidTraitOption,
  traitCategoryKey,
  traitGroupsFor,
  traitLabelKey,
  traitTitleKey,
  traitValueSchema,
  type TraitGroup,
  type TraitGroupKey,
} from "#server/contract/traits";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { getRegisterDefinitions } from "#server/modules/definitions/service";

const groups: readonly TraitGroup[] = TRAIT_GROUPS;

/** Spec section 3: profile trait groups, plus the appearance/profile choice fields. */
const SPEC_TRAIT_GROUPS = [
  "environment",
  "figure_type",
  "hair_color",
  "hair_length",
  "intimate_hair",
  "sexuality",
  "race_type",
  "customer_type",
  "meeting_option",
  "characteristic_trait",
  "body_hair",
  "escort_service",
  "partner_preference",
  "escort_role",
  "piercing",
  "tattoo",
  "company_bizarre",
  "company_service",
  "company_room",
  "relationship_status",
];
const SPEC_PROFILE_CHOICE_FIELDS = ["cup_size", "breast_type", "gender_identity", "you_have", "nationality", "languages"];
/** Groups whose option keys are ISO codes (e.g. "ao" = Angola), so only their labels are screened. */
const ISO_KEYED_GROUPS = new Set(["nationality", "languages"]);

type Tree = { [key: string]: string | Tree };
const readNamespace = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lng}/${ns}.json`, import.meta.url), "utf8")) as Tree;
// Trait labels live in the traits namespace, the user type names in common.
const locales = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((lng) => [lng, { ...readNamespace(lng, "common"), ...readNamespace(lng, "traits") }]),
);
function lookup(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
}

function allLabelKeys(): string[] {
  const keys: string[] = [];
  for (const group of groups) {
    keys.push(traitTitleKey(group.key));
    for (const option of group.options) keys.push(traitLabelKey(group.key, option.key));
    for (const category of group.categories ?? []) keys.push(traitCategoryKey(group.key, category));
  }
  const { data } = getRegisterDefinitions();
  keys.push(
    ...data.genders.map((g) => g.label_key),
    ...data.salutations.map((s) => s.label_key),
    ...data.user_types.map((u) => u.label_key),
  );
  return keys;
}

/**
 * ProstSchG §32 forbids advertising sex without a condom and services with
 * pregnant persons; anything hinting at minors is out as well. Checked in
 * keys and in every language's labels.
 */
const FORBIDDEN = [
  /\bao\b/,
  /\bfo\b/,
  /\bpur\b/,
  /\bblank\b/,
  /ohne\s*(gummi|kondom|schutz)/,
  /unprotected/,
  /without\s+(a\s+)?(condom|protection)/,
  /bareback/,
  /\braw\b/,
  /tabulos/,
  /pregnan/,
  /schwanger/,
  /embaraz/,
  /ciąż/,
  /sin\s+(condón|condon|preservativo|protección)/,
  /bez\s+(prezerwatywy|gumki|zabezpieczenia)/,
  /schoolgirl/,
  /schulmädchen/,
  /lolita/,
  /minderj/,
  /underage/,
  /\bteen/,
  /nastolat/,
];

describe("trait groups", () => {
  it("cover every group and choice field the spec names, each once", () => {
    expect(new Set(TRAIT_GROUP_KEYS).size).toBe(TRAIT_GROUP_KEYS.length);
    expect([...TRAIT_GROUP_KEYS].sort()).toEqual([...SPEC_TRAIT_GROUPS, ...SPEC_PROFILE_CHOICE_FIELDS].sort());
  });

  it.each(groups.map((g) => [g.key, g] as const))("%s: ids and keys are unique, ids positive integers, keys snake_case", (_key, group) => {
    const ids = group.options.map((o) => o.id);
    const keys = group.options.map((o) => o.key);
    expect(group.options.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(group.userTypes.length).toBeGreaterThan(0);
  });

  it("uses categories exactly where a group declares them", () => {
    for (const group of groups) {
      for (const option of group.options) {
        if (group.categories) expect(group.categories).toContain(option.category);
        else expect(option.category).toBeUndefined();
      }
      for (const category of group.categories ?? []) expect(group.options.some((o) => o.category === category)).toBe(true);
    }
  });

  it("keeps escort_service ids inside their category range (soft 1xx, hard 2xx, clothing 3xx, fetish 4xx)", () => {
    const group = findTraitGroup("escort_service")!;
    expect(group.categories).toEqual(ESCORT_SERVICE_CATEGORIES);
    for (const option of group.options) {
      expect(Math.floor(option.id / 100)).toBe(
        ESCORT_SERVICE_CATEGORIES.indexOf(option.category as (typeof ESCORT_SERVICE_CATEGORIES)[number]) + 1,
      );
    }
  });

  it("pins the ids other features and the spec rely on", () => {
    // Spec section 9: the white-label fallback search uses escort_service 133.
    expect(findTraitGroup("escort_service")!.options.find((o) => o.id === 133)?.key).toBe("travel_companion");
    // The first published ids (ID rule: never renumbered).
    expect(
      findTraitGroup("relationship_status")!
        .options.slice(0, 6)
        .map((o) => [o.id, o.key]),
    ).toEqual([
      [1, "single"],
      [2, "in_relationship"],
      [3, "married"],
      [4, "open_relationship"],
      [5, "divorced"],
      [6, "widowed"],
    ]);
    expect(
      findTraitGroup("sexuality")!
        .options.slice(0, 5)
        .map((o) => [o.id, o.key]),
    ).toEqual([
      [1, "heterosexual"],
      [2, "homosexual"],
      [3, "bisexual"],
      [4, "pansexual"],
      [5, "asexual"],
    ]);
  });

  it("offers cup sizes A to K one by one, each in the spec's band", () => {
    const cup = findTraitGroup("cup_size")!;
    expect(cup.choice).toBe("single");
    expect(cup.categories).toEqual(CUP_SIZE_BANDS);
    expect(cup.options.map((o) => o.key).join("")).toBe("abcdefghijk");
    const band = (letter: string) => cup.options.find((o) => o.key === letter)?.category;
    expect([band("a"), band("b"), band("c"), band("f"), band("g"), band("j"), band("k")]).toEqual([
      "a_b",
      "a_b",
      "c_d",
      "e_f",
      "g_h",
      "i_j",
      "k_plus",
    ]);
  });

  it("requires exactly relationship_status, race_type and sexuality at registration, as single choices of individuals", () => {
    expect([...REQUIRED_REGISTRATION_TRAITS].sort()).toEqual(["race_type", "relationship_status", "sexuality"]);
    for (const key of REQUIRED_REGISTRATION_TRAITS) {
      const group = findTraitGroup(key)!;
      expect(group.choice).toBe("single");
      expect([...group.userTypes].sort()).toEqual(["client", "escort"]);
    }
  });

  it("shows company groups to businesses only and escort_role to escorts only", () => {
    const business = traitGroupsFor("business").map((g) => g.key);
    const client = traitGroupsFor("client").map((g) => g.key);
    expect(business).toEqual(expect.arrayContaining(["company_bizarre", "company_service", "company_room", "escort_service"]));
    expect(client).not.toContain("company_room");
    expect(client).not.toContain("escort_role");
    expect(traitGroupsFor("escort").map((g) => g.key)).toContain("escort_role");
    expect(business).not.toContain("sexuality");
  });

  it("has a non-empty label for every title, option, category, gender, salutation and user type in all four languages", () => {
    const missing: string[] = [];
    for (const key of allLabelKeys()) {
      for (const lng of SUPPORTED_LANGUAGES) {
        const value = lookup(locales[lng]!, key);
        if (typeof value !== "string" || value.trim() === "") missing.push(`${lng}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("translates the designed groups instead of copying English (German differs from English for most labels)", () => {
    const designed = groups.filter((g) => !ISO_KEYED_GROUPS.has(g.key) && g.key !== "cup_size");
    for (const lng of ["de", "es", "pl"] as const) {
      let same = 0;
      let total = 0;
      for (const group of designed) {
        for (const option of group.options) {
          total += 1;
          const key = traitLabelKey(group.key, option.key);
          if (lookup(locales[lng]!, key) === lookup(locales.en!, key)) same += 1;
        }
      }
      // Loan words (Escort, Sauna, Latex, BDSM terms) are legitimately equal; the rest must be translated.
      expect(same / total).toBeLessThan(0.25);
    }
  });

  it("contains no option offering unprotected sex, pregnancy or anything hinting at minors (keys and labels)", () => {
    const hits: string[] = [];
    for (const group of groups) {
      for (const option of group.options) {
        const texts = SUPPORTED_LANGUAGES.map((lng) => String(lookup(locales[lng]!, traitLabelKey(group.key, option.key))));
        if (!ISO_KEYED_GROUPS.has(group.key)) texts.push(option.key.replace(/_/g, " "));
        for (const text of texts) {
          const lower = text.toLowerCase();
          for (const pattern of FORBIDDEN) if (pattern.test(lower)) hits.push(`${group.key}.${option.key}: "${text}" ~ ${pattern}`);
        }
      }
    }
    expect(hits).toEqual([]);
  });

  it("would catch a forbidden option (the screen is not vacuous)", () => {
    const screened = ["AO", "Französisch ohne Gummi", "Sex with pregnant women", "sin condón", "bez gumki"].map((t) => t.toLowerCase());
    for (const text of screened) expect(FORBIDDEN.some((p) => p.test(text))).toBe(true);
  });
});

describe("findTraitGroup / isValidTraitOption", () => {
  it("finds known groups and nothing else", () => {
    expect(findTraitGroup("figure_type")?.choice).toBe("single");
    expect(findTraitGroup("nope")).toBeUndefined();
    expect(findTraitGroup("__proto__")).toBeUndefined();
  });

  it("accepts exactly the ids of the group", () => {
    fc.assert(
      fc.property(fc.constantFrom(...groups), fc.integer({ min: -10, max: 1000 }), (group, id) => {
        expect(isValidTraitOption(group.key, id)).toBe(group.options.some((o) => o.id === id));
      }),
    );
    expect(isValidTraitOption("sexuality", "1")).toBe(false);
    expect(isValidTraitOption("sexuality", 1.5)).toBe(false);
    expect(isValidTraitOption("unknown", 1)).toBe(false);
  });
});

describe("traitValueSchema", () => {
  const singles = groups.filter((g) => g.choice === "single");
  const multiples = groups.filter((g) => g.choice === "multiple");
  const schemaFor = (group: TraitGroup) => traitValueSchema(group.key as TraitGroupKey);
  const notAnOption = (group: TraitGroup) =>
    fc.integer({ min: -1000, max: 10_000 }).filter((id) => !group.options.some((o) => o.id === id));

  it("single: accepts every valid id and returns it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...singles).chain((g) => fc.tuple(fc.constant(g), fc.constantFrom(...g.options))),
        ([group, option]) => {
          const result = v.safeParse(schemaFor(group), option.id);
          expect(result.success && result.output).toBe(option.id);
        },
      ),
    );
  });

  it("single: rejects ids outside the group, non-integers, strings and arrays", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...singles)
          .chain((g) =>
            fc.tuple(
              fc.constant(g),
              fc.oneof(
                notAnOption(g),
                fc.double({ noInteger: true }),
                fc.string({ minLength: 1 }),
                fc.array(fc.constantFrom(...g.options.map((o) => o.id))),
                fc.boolean(),
              ),
            ),
          ),
        ([group, input]) => {
          const result = v.safeParse(schemaFor(group), input);
          expect(result.success).toBe(false);
          expect(result.issues?.[0]?.message).toBe("validation.invalid");
        },
      ),
    );
  });

  it("single: a missing value is reported as required", () => {
    for (const input of [undefined, null, ""]) {
      expect(v.safeParse(traitValueSchema("sexuality"), input).issues?.[0]?.message).toBe("validation.required");
    }
  });

  it("multiple: accepts any set of distinct valid ids, in any order, including none", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...multiples).chain((g) => fc.tuple(fc.constant(g), fc.shuffledSubarray(g.options.map((o) => o.id)))),
        ([group, ids]) => {
          const result = v.safeParse(schemaFor(group), ids);
          expect(result.success && result.output).toEqual(ids);
        },
      ),
    );
  });

  it("multiple: rejects a repeated id", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...multiples).chain((g) =>
          fc.tuple(
            fc.constant(g),
            fc.shuffledSubarray(
              g.options.map((o) => o.id),
              { minLength: 1 },
            ),
            fc.nat(),
          ),
        ),
        ([group, ids, pick]) => {
          const withRepeat = [...ids, ids[pick % ids.length]!];
          expect(v.safeParse(schemaFor(group), withRepeat).success).toBe(false);
        },
      ),
    );
  });

  it("multiple: rejects an unknown id anywhere in the list, and non-arrays", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...multiples)
          .chain((g) => fc.tuple(fc.constant(g), fc.shuffledSubarray(g.options.map((o) => o.id)), notAnOption(g), fc.nat())),
        ([group, ids, bad, at]) => {
          const list = [...ids];
          list.splice(at % (list.length + 1), 0, bad);
          expect(v.safeParse(schemaFor(group), list).success).toBe(false);
          expect(v.safeParse(schemaFor(group), bad).success).toBe(false);
        },
      ),
    );
  });

  it("refuses to build a schema for an unknown group", () => {
    expect(() => traitValueSchema("nope" as TraitGroupKey)).toThrow(/unknown trait group/);
  });

  it("types single groups as a number and multiple groups as a list", () => {
    const single: number = v.parse(traitValueSchema("race_type"), 1);
    const multiple: number[] = v.parse(traitValueSchema("meeting_option"), [1, 2]);
    expect([single, multiple]).toEqual([1, [1, 2]]);
  });
});
