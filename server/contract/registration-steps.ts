/**
 * Input rules of the registration steps after sign-up (spec sections 2, 3
 * and 5), shared by the API (the rule that counts) and the web forms (field
 * errors before a round trip). Messages are translation keys; range errors
 * carry their bounds as params ("validation.steps.range?min=145&max=230",
 * spec: "only values from min to max").
 */
import * as v from "valibot";
import { SPECIAL_CATEGORY_TRAITS, SPECIAL_DATA_CONSENT_FIELD, SPECIAL_DATA_CONSENT_REQUIRED } from "./consents";
import { PROFESSION_MAX, STATUS_TEXT_MAX, DESCRIPTION_MAX, INTERESTS_MAX, BUSINESS_DESCRIPTION_MIN } from "./profile-text-limits";
import {
  APPEARANCE_MEASURES,
  PENIS_FIELD_MAX_CHARS,
  PRICE_MIN,
  PRICE_MAX,
  PRICE_DURATIONS,
  priceKey,
  PRICE_ITEM_TYPE,
  EXTRAS_MAX,
  EXTRA_NAME_MAX,
  SCHEDULE_SLOTS_MAX,
  AVAILABLE_NOW_MS,
  BUSINESS_ESCORTS_MAX,
  penisFieldsApply,
  cupSizeApplies,
} from "./profile-form-limits";
import { traitValueSchema, type TraitGroupKey } from "./traits";
import { profileCityEntries } from "./profile-city";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import type { MyModeration } from "./moderation";
import type { BusinessSignupTrackingType, RegisterStepDef } from "./registration";

/** The forms' limits live in a module without valibot (ADR 161); re-exported so every other import stays. */
export {
  PROFESSION_MAX,
  STATUS_TEXT_MAX,
  DESCRIPTION_MAX,
  INTERESTS_MAX,
  BUSINESS_DESCRIPTION_MIN,
  PENIS_FIELD_MAX_CHARS,
  PRICE_MIN,
  PRICE_MAX,
  PRICE_DURATIONS,
  priceKey,
  PRICE_ITEM_TYPE,
  EXTRAS_MAX,
  EXTRA_NAME_MAX,
  SCHEDULE_SLOTS_MAX,
  AVAILABLE_NOW_MS,
  BUSINESS_ESCORTS_MAX,
  penisFieldsApply,
  cupSizeApplies,
};

export const rangeMessage = (min: number, max: number) => `validation.steps.range?min=${min}&max=${max}`;

/** A whole number or decimal in [min, max]; the message names both bounds. */
function measure(key: keyof typeof APPEARANCE_MEASURES, options: { integer: boolean }) {
  const { min, max } = APPEARANCE_MEASURES[key];
  const message = rangeMessage(min, max);
  return v.pipe(
    v.number(message),
    v.check((n) => !options.integer || Number.isInteger(n), message),
    v.minValue(min as number, message),
    v.maxValue(max as number, message),
  );
}

/** Optional in every form: null or a missing key clears the value. */
const optionalTrait = <K extends TraitGroupKey>(key: K) => v.optional(v.nullable(traitValueSchema(key)));
const optionalMulti = <K extends TraitGroupKey>(key: K) => v.optional(traitValueSchema(key), () => [] as never);

/** ProstSchG §32: a profile text that offers sex without a condom or with pregnant women is refused at its field (ADR 030). */
const lawfulText = v.check(
  (input: string) => findProstSchGTerm(input) === null,
  (issue: v.CheckIssue<string>) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
);

function text(max: number, messageKey = "validation.steps.too_long") {
  // No default value: conform's form coercion turns an empty field into undefined, which must stay valid.
  return v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(max, `${messageKey}?max=${max}`), lawfulText));
}

/**
 * The profile step's fields. Ethnicity and sexual orientation are optional
 * for everyone and need the separate consent beside them (GDPR Art. 9,
 * ADR 023); the spec's "registration requires race_type, sexuality" gave way.
 */
export const profileStepFields = v.object(
  {
    relationship_status: traitValueSchema("relationship_status"),
    race_type: optionalTrait("race_type"),
    sexuality: optionalTrait("sexuality"),
    /** The explicit, separate consent to store the two above (unticked: none is stored, a stored one is deleted). */
    [SPECIAL_DATA_CONSENT_FIELD]: v.optional(v.boolean("validation.invalid"), false),
    // Required: without a place nobody finds the profile in search or the city directory.
    ...profileCityEntries,
    nationality: optionalTrait("nationality"),
    languages: optionalMulti("languages"),
    profession: text(PROFESSION_MAX),
    status: text(STATUS_TEXT_MAX),
    description: text(DESCRIPTION_MAX),
    interests: text(INTERESTS_MAX),
  },
  "validation.required",
);

/** Special-category answers without the consent are refused at the consent checkbox, never stored. */
export const profileStepSchema = v.pipe(
  profileStepFields,
  v.forward(
    v.partialCheck(
      [["race_type"], ["sexuality"], [SPECIAL_DATA_CONSENT_FIELD]],
      (input) => input[SPECIAL_DATA_CONSENT_FIELD] === true || SPECIAL_CATEGORY_TRAITS.every((key) => input[key] == null),
      SPECIAL_DATA_CONSENT_REQUIRED,
    ),
    [SPECIAL_DATA_CONSENT_FIELD],
  ),
);
export type ProfileStepInput = v.InferOutput<typeof profileStepSchema>;

const penisMeasure = (key: "penis_length" | "penis_diameter") =>
  v.optional(
    v.nullable(
      v.pipe(
        measure(key, { integer: false }),
        v.check((n) => String(n).length <= PENIS_FIELD_MAX_CHARS, `validation.steps.too_long?max=${PENIS_FIELD_MAX_CHARS}`),
      ),
    ),
  );

export const appearanceStepSchema = v.object(
  {
    height: v.optional(v.nullable(measure("height", { integer: true }))),
    weight: v.optional(v.nullable(measure("weight", { integer: true }))),
    figure_type: optionalTrait("figure_type"),
    cup_size: optionalTrait("cup_size"),
    hair_length: optionalTrait("hair_length"),
    hair_color: optionalTrait("hair_color"),
    body_hair: optionalTrait("body_hair"),
    intimate_hair: optionalTrait("intimate_hair"),
    penis_length: penisMeasure("penis_length"),
    penis_diameter: penisMeasure("penis_diameter"),
    characteristic_trait: optionalMulti("characteristic_trait"),
    piercing: optionalMulti("piercing"),
    tattoo: optionalTrait("tattoo"),
  },
  "validation.required",
);
export type AppearanceStepInput = v.InferOutput<typeof appearanceStepSchema>;

const priceSchema = v.pipe(
  v.number(rangeMessage(PRICE_MIN, PRICE_MAX)),
  v.integer(rangeMessage(PRICE_MIN, PRICE_MAX)),
  v.minValue(PRICE_MIN, rangeMessage(PRICE_MIN, PRICE_MAX)),
  v.maxValue(PRICE_MAX, rangeMessage(PRICE_MIN, PRICE_MAX)),
);

export const pricesSchema = v.object(
  Object.fromEntries(PRICE_DURATIONS.map((minutes) => [priceKey(minutes), v.optional(v.nullable(priceSchema))])) as Record<
    string,
    v.OptionalSchema<v.NullableSchema<typeof priceSchema, undefined>, undefined>
  >,
  "validation.invalid",
);

export const extraSchema = v.object(
  {
    name: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(EXTRA_NAME_MAX, `validation.steps.too_long?max=${EXTRA_NAME_MAX}`),
      lawfulText,
    ),
    price: priceSchema,
  },
  "validation.required",
);

export const servicesStepSchema = v.object(
  {
    escort_service: optionalMulti("escort_service"),
    meeting_option: optionalMulti("meeting_option"),
    customer_type: optionalMulti("customer_type"),
    prices: v.optional(pricesSchema, {}),
    extras: v.optional(
      v.pipe(v.array(extraSchema, "validation.invalid"), v.maxLength(EXTRAS_MAX, `validation.steps.too_many?max=${EXTRAS_MAX}`)),
      [],
    ),
  },
  "validation.required",
);
export type ServicesStepInput = v.InferOutput<typeof servicesStepSchema>;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.regex(TIME, "validation.steps.time_invalid"),
);

export const scheduleSlotSchema = v.pipe(
  v.object(
    {
      day: v.pipe(
        v.number(rangeMessage(1, 7)),
        v.integer(rangeMessage(1, 7)),
        v.minValue(1, rangeMessage(1, 7)),
        v.maxValue(7, rangeMessage(1, 7)),
      ),
      time_from: timeSchema,
      time_to: timeSchema,
      is_over_day: v.optional(v.boolean("validation.invalid"), false),
    },
    "validation.required",
  ),
  // A slot that ends at or before its start runs past midnight, and must say so.
  v.forward(
    // Only judged when both times are well-formed (their own errors say the rest).
    v.check(
      (slot) => !TIME.test(slot.time_from) || !TIME.test(slot.time_to) || slot.is_over_day || slot.time_to > slot.time_from,
      "validation.steps.time_order",
    ),
    ["time_to"],
  ),
);

export const scheduleSchema = v.optional(
  v.pipe(
    v.array(scheduleSlotSchema, "validation.invalid"),
    v.maxLength(SCHEDULE_SLOTS_MAX, `validation.steps.too_many?max=${SCHEDULE_SLOTS_MAX}`),
  ),
  [],
);

export const availabilityStepSchema = v.object(
  {
    schedule: scheduleSchema,
    available_now: v.optional(v.boolean("validation.invalid"), false),
  },
  "validation.required",
);
export type AvailabilityStepInput = v.InferOutput<typeof availabilityStepSchema>;

export const businessServicesStepSchema = v.object(
  {
    company_service: optionalMulti("company_service"),
    company_room: optionalMulti("company_room"),
    company_bizarre: optionalMulti("company_bizarre"),
    environment: optionalMulti("environment"),
    customer_type: optionalMulti("customer_type"),
    meeting_option: optionalMulti("meeting_option"),
    languages: optionalMulti("languages"),
  },
  "validation.required",
);
export type BusinessServicesStepInput = v.InferOutput<typeof businessServicesStepSchema>;

export const businessScheduleStepSchema = v.object({ schedule: scheduleSchema }, "validation.required");
export type BusinessScheduleStepInput = v.InferOutput<typeof businessScheduleStepSchema>;

export const businessDescriptionStepSchema = v.object(
  {
    description: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.minLength(BUSINESS_DESCRIPTION_MIN, `validation.steps.too_short?min=${BUSINESS_DESCRIPTION_MIN}`),
      v.maxLength(DESCRIPTION_MAX, `validation.steps.too_long?max=${DESCRIPTION_MAX}`),
      lawfulText,
    ),
    status: text(STATUS_TEXT_MAX),
  },
  "validation.required",
);
export type BusinessDescriptionStepInput = v.InferOutput<typeof businessDescriptionStepSchema>;

export const businessEscortsStepSchema = v.object(
  {
    usernames: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.string("validation.invalid"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, "validation.invalid")),
          "validation.invalid",
        ),
        v.maxLength(BUSINESS_ESCORTS_MAX, `validation.steps.too_many?max=${BUSINESS_ESCORTS_MAX}`),
      ),
      [],
    ),
  },
  "validation.required",
);
export type BusinessEscortsStepInput = v.InferOutput<typeof businessEscortsStepSchema>;

/** The step endpoints (after /api/v2/registration/) and the step key each completes. */
export const STEP_ENDPOINTS = {
  photo: { path: "photo", step: "photo" },
  profile: { path: "profile", step: "profile" },
  appearance: { path: "appearance", step: "appearance" },
  services: { path: "services", step: "services" },
  availability: { path: "availability", step: "availability" },
  businessServices: { path: "business/services", step: "services" },
  businessSchedule: { path: "business/schedule", step: "schedule" },
  businessDescription: { path: "business/description", step: "description" },
  businessPhoto: { path: "business/photo", step: "photo" },
  businessEscorts: { path: "business/escorts", step: "escorts" },
} as const;

/** GET /registration/steps (snake_case kept: trait group keys and price keys are data). */
export interface StepData {
  user_type: number;
  gender: number | null;
  register_completed_step: number;
  next_step: string | null;
  /** The registration steps of the member's type, in order. */
  steps: RegisterStepDef[];
  photo_count: number;
  /** False for clients: the photo step can be passed without one. */
  photo_required: boolean;
  /** The special-category consent stands (ethnicity and sexual orientation may be stored). */
  special_data_consent: boolean;
  traits: Record<string, number[]>;
  /** The stored city's name and key ("de-berlin"), empty before the profile step. */
  city: string;
  city_key: string;
  profession: string;
  status: string;
  description: string;
  interests: string;
  height: number | null;
  weight: number | null;
  penis_length: number | null;
  penis_diameter: number | null;
  prices: Record<string, number>;
  extras: Array<{ name: string; price: number }>;
  schedule: Array<{ day: number; time_from: string; time_to: string; is_over_day: boolean }>;
  available_now: boolean;
  escort_usernames: string[];
  /** Named escorts who have not accepted yet (they are listed only once they do). */
  pending_escort_usernames: string[];
  /**
   * The texts above are the member's own latest (ADR 030): those waiting for a team member, or refused
   * lately with the reason, are named here so the form can say so.
   */
  text_reviews: MyModeration["texts"];
}

/** GET /registration/business/tracking: the business's own signup funnel. */
export interface BusinessSignupTracking {
  types: readonly BusinessSignupTrackingType[];
  events: Array<{ type: BusinessSignupTrackingType; created_at: number }>;
}

export interface StepResult {
  register_completed_step: number;
  /** Key of the step to show next ("completed" at the end). */
  next_step: string;
}
