/**
 * What the registration step pages share between server and browser: which
 * step keys each wizard has, the form schema of each step (the contract's
 * schemas, so web and API validate alike), and the mapping of API error
 * sources ("extras.0.name") to form field names ("extras[0].name").
 */
import type { SubmissionResult } from "@conform-to/react";
import type * as v from "valibot";
import {
  appearanceStepSchema,
  availabilityStepSchema,
  businessDescriptionStepSchema,
  businessEscortsStepSchema,
  businessScheduleStepSchema,
  businessServicesStepSchema,
  profileStepSchema,
  servicesStepSchema,
} from "#server/contract/registration-steps";
import { findTraitGroup, TRAIT_GROUP_KEYS } from "#server/contract/traits";
import type { JoinAudience } from "./join-steps";
import type { ShownTraitGroups } from "./trait-groups";

export { JOIN_STEP_KEYS, textKeyOf, type JoinAudience } from "./join-steps";

type StepSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/** Form schemas of the steps that post ordinary forms (photo posts multipart and has none). */
export const STEP_SCHEMAS: Record<JoinAudience, Record<string, StepSchema>> = {
  user: {
    profile: profileStepSchema,
    appearance: appearanceStepSchema,
    services: servicesStepSchema,
    availability: availabilityStepSchema,
  },
  business: {
    services: businessServicesStepSchema,
    schedule: businessScheduleStepSchema,
    description: businessDescriptionStepSchema,
    escorts: businessEscortsStepSchema,
  },
} as unknown as Record<JoinAudience, Record<string, StepSchema>>;

/** A step schema's top-level field names: its object's entries, also when a pipe adds checks across fields. */
export function fieldNamesOf(schema: StepSchema): ReadonlySet<string> {
  const object = ("entries" in schema ? schema : (schema as unknown as { pipe: unknown[] }).pipe[0]) as { entries: v.ObjectEntries };
  return new Set(Object.keys(object.entries));
}

/**
 * The trait groups the given step forms post, for the page's loader to send (ADR 161): the browser gets these
 * groups' options as data instead of the whole catalog as code. A form posts every group it renders, so its schema
 * names them all.
 */
export function traitGroupsOfForms(schemas: readonly StepSchema[]): ShownTraitGroups {
  const shown: Record<string, ShownTraitGroups[string]> = {};
  for (const schema of schemas) {
    for (const name of fieldNamesOf(schema)) {
      const group = findTraitGroup(name);
      if (group) shown[name] = { choice: group.choice, categories: group.categories, options: group.options };
    }
  }
  return shown;
}

/** Shown above a form whose fields have errors (spec section 5: the generic hint). */
export const FIX_FIELDS_KEY = "validation.correct_all_fields";

const TRAIT_KEYS: ReadonlySet<string> = new Set(TRAIT_GROUP_KEYS);

/**
 * API source or valibot path → the field that shows the error. Choice groups
 * show one error for the whole group ("escort_service.3" → "escort_service"),
 * and all uploaded files share the file input.
 */
export function fieldNameOf(source: string): string {
  const segments = source.replace(/\[(\d+)\]/g, ".$1").split(".");
  const root = segments[0] ?? "";
  if (TRAIT_KEYS.has(root) || root === "files") return root;
  return segments.map((segment, index) => (index === 0 ? segment : /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`)).join("");
}

export const rootOf = (name: string) => name.split(/[.[]/, 1)[0] ?? name;

/**
 * Moves errors to the names the form renders; anything it cannot show goes
 * to the general list, and field errors bring the generic hint.
 */
export function regroupErrors(
  error: Record<string, string[] | null> | undefined,
  isKnown: (name: string) => boolean,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let fieldErrors = false;
  for (const [name, messages] of Object.entries(error ?? {})) {
    if (!messages || messages.length === 0) continue;
    const field = name === "" ? "" : fieldNameOf(name);
    const target = field !== "" && isKnown(field) ? field : "";
    if (target !== "") fieldErrors = true;
    (out[target] ??= []).push(...messages);
  }
  if (fieldErrors) out[""] = [FIX_FIELDS_KEY, ...(out[""] ?? []).filter((m) => m !== FIX_FIELDS_KEY)];
  return out;
}

export function withRegroupedErrors(result: SubmissionResult<string[]>, isKnown: (name: string) => boolean): SubmissionResult<string[]> {
  return { ...result, error: regroupErrors(result.error as Record<string, string[] | null> | undefined, isKnown) };
}
