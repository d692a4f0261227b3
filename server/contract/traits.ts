/**
 * The trait catalog (./trait-catalog, valibot-free: read its ID RULE before editing) and each group's value schema.
 * Browser code imports the catalog from ./trait-catalog or, on the join and settings pages, gets the shown step's
 * groups from the loader (ADR 161); server code may keep importing everything from here.
 */
import * as v from "valibot";
import { findTraitGroup, isValidTraitOption, type TraitGroupKey, type TraitValue } from "./trait-catalog";

export * from "./trait-catalog";

/**
 * Validates one group's value: single → one valid option id; multiple → an
 * array of distinct valid ids (empty allowed; wrap in a length check where a
 * feature needs at least one). Wrap in v.optional() for optional fields.
 * Messages are translation keys.
 */
export function traitValueSchema<K extends TraitGroupKey>(groupKey: K): v.GenericSchema<unknown, TraitValue<K>> {
  const group = findTraitGroup(groupKey);
  if (!group) throw new Error(`unknown trait group: ${groupKey}`);
  const optionId = v.pipe(
    v.number((issue) =>
      issue.input === undefined || issue.input === null || issue.input === "" ? "validation.required" : "validation.invalid",
    ),
    v.check((id) => isValidTraitOption(group.key, id), "validation.invalid"),
  );
  if (group.choice === "single") return optionId as unknown as v.GenericSchema<unknown, TraitValue<K>>;
  return v.pipe(
    v.array(optionId, "validation.invalid"),
    v.check((ids) => new Set(ids).size === ids.length, "validation.invalid"),
  ) as unknown as v.GenericSchema<unknown, TraitValue<K>>;
}
