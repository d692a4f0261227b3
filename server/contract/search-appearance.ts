/**
 * The search's appearance filters resolved against the trait groups: the
 * catalog that maps the URL's option keys to option ids (for
 * normalizeUrlState and buildSearchRequest) and the form's choices with their
 * translation keys. Server only, like search-input.ts: it needs traits.ts,
 * which the search page's browser bundle should not carry.
 */
import {
  APPEARANCE_FLAG_PARAMS,
  APPEARANCE_LIST_PARAMS,
  type AppearanceCatalog,
  type AppearanceListParam,
  type AppearanceParam,
} from "./search";
import { CUP_SIZE_BANDS, TRAIT_GROUPS, traitCategoryKey, traitLabelKey, traitTitleKey, type TraitOption } from "./traits";

/** The trait group behind each parameter (`cup` filters cup_size by band). */
const GROUP_OF: Record<AppearanceParam, "cup_size" | "breast_type" | "hair_color" | "hair_length" | "piercing" | "tattoo"> = {
  cup: "cup_size",
  breast_type: "breast_type",
  hair_color: "hair_color",
  hair_length: "hair_length",
  piercing: "piercing",
  tattoo: "tattoo",
};

function optionsOf(group: string): readonly TraitOption[] {
  return TRAIT_GROUPS.find((g) => g.key === group)?.options ?? [];
}

export const APPEARANCE_CATALOG: AppearanceCatalog = {
  cup: new Map(
    CUP_SIZE_BANDS.map((band) => [
      band,
      optionsOf("cup_size")
        .filter((o) => o.category === band)
        .map((o) => o.id),
    ]),
  ),
  breast_type: new Map(optionsOf("breast_type").map((o) => [o.key, [o.id]])),
  hair_color: new Map(optionsOf("hair_color").map((o) => [o.key, [o.id]])),
  hair_length: new Map(optionsOf("hair_length").map((o) => [o.key, [o.id]])),
};

export interface AppearanceField {
  param: AppearanceParam;
  /** Translation key of the group's title. */
  legendKey: string;
  /** The choices of a list parameter in the traits' order (flags have none: yes/no/any). */
  options: Array<{ value: string; labelKey: string }>;
}

/** The form's appearance fields for the parameters a searcher may use (allowedAppearanceParams). */
export function appearanceFields(params: readonly AppearanceParam[]): AppearanceField[] {
  const list = (param: AppearanceListParam): AppearanceField["options"] =>
    param === "cup"
      ? CUP_SIZE_BANDS.map((band) => ({ value: band, labelKey: traitCategoryKey("cup_size", band) }))
      : optionsOf(GROUP_OF[param]).map((o) => ({ value: o.key, labelKey: traitLabelKey(GROUP_OF[param], o.key) }));
  return [...APPEARANCE_LIST_PARAMS, ...APPEARANCE_FLAG_PARAMS]
    .filter((param) => params.includes(param))
    .map((param) => ({
      param,
      legendKey: traitTitleKey(GROUP_OF[param]),
      options: (APPEARANCE_LIST_PARAMS as readonly string[]).includes(param) ? list(param as AppearanceListParam) : [],
    }));
}
