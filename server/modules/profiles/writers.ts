/**
 * The writers of a member's profile fields: each writes one form's values, inside the caller's transaction, for
 * the registration steps and the settings pages alike (the caller checks who may write what step, and when).
 * Texts go through moderation (ADR 030); special-category traits only with their consent (ADR 023).
 */
import type { Transaction } from "kysely";
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  AVAILABLE_NOW_MS,
  PRICE_DURATIONS,
  PRICE_ITEM_TYPE,
  cupSizeApplies,
  penisFieldsApply,
  priceKey,
  type AppearanceStepInput,
  type AvailabilityStepInput,
  type BusinessDescriptionStepInput,
  type BusinessScheduleStepInput,
  type BusinessServicesStepInput,
  type ProfileStepInput,
  type ServicesStepInput,
} from "../../contract/registration-steps";
import { TRAIT_GROUP_KEYS, type TraitGroupKey } from "../../contract/traits";
import { SPECIAL_DATA_CONSENT, SPECIAL_DATA_CONSENT_FIELD } from "../../contract/consents";
import type { Database } from "../../db/schema";
import { grantConsent, withdrawConsent } from "../consents/index";
import { resolveProfileCity } from "../geo/index";
import { proposeTexts } from "../moderation/index";
import { profileCityColumns } from "./city";

export type Trx = Transaction<Database>;

/** The member whose profile a form writes: what the writers need to know about them. */
export interface ProfileOwner {
  id: number;
  username: string;
  user_type: number;
  gender: number | null;
}

/** Profiles are created at sign-up; older or imported accounts may lack the row. */
async function ensureProfile(trx: Trx, user: ProfileOwner, now: number): Promise<void> {
  const existing = await trx.selectFrom("profiles").select("user_id").where("user_id", "=", user.id).executeTakeFirst();
  if (!existing) await trx.insertInto("profiles").values({ user_id: user.id, display_name: user.username, updated_at: now }).execute();
}

type TraitValues = Partial<Record<TraitGroupKey, number | number[] | null | undefined>>;

/** Replaces the user's choices of the given groups (a group absent from `values` stays as it is). */
async function replaceTraits(trx: Trx, userId: number, values: TraitValues): Promise<void> {
  const groups = (Object.keys(values) as TraitGroupKey[]).filter((key) => TRAIT_GROUP_KEYS.includes(key));
  if (groups.length === 0) return;
  await trx.deleteFrom("profile_traits").where("user_id", "=", userId).where("group_key", "in", groups).execute();
  const rows = groups.flatMap((group) => {
    const value = values[group];
    const ids = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
    return ids.map((option_id) => ({ user_id: userId, group_key: group, option_id }));
  });
  if (rows.length > 0) await trx.insertInto("profile_traits").values(rows).execute();
}

async function replaceSchedule(trx: Trx, userId: number, schedule: BusinessScheduleStepInput["schedule"]): Promise<void> {
  await trx.deleteFrom("profile_schedule").where("user_id", "=", userId).execute();
  if (schedule.length === 0) return;
  await trx
    .insertInto("profile_schedule")
    .values(
      schedule.map((slot) => ({
        user_id: userId,
        day: slot.day,
        time_from: slot.time_from,
        time_to: slot.time_to,
        is_over_day: slot.is_over_day ? 1 : 0,
      })),
    )
    .execute();
}

/** Writes the profile form's values (registration step and settings page alike). */
export async function writeProfile(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: ProfileStepInput): Promise<void> {
  const now = deps.clock.now();
  // After the step gate (a step not reached stays 409); an unknown city throws before anything is written.
  const city = await resolveProfileCity({ ...deps, db: trx }, input);
  await ensureProfile(trx, user, now);
  await trx
    .updateTable("profiles")
    .set({
      ...profileCityColumns(city, user.id),
      updated_at: now,
    })
    .where("user_id", "=", user.id)
    .execute();
  // Texts go public only once a team member accepts them (ADR 030); the owner sees them at once.
  await proposeTexts(
    trx,
    user.id,
    { profession: input.profession, status: input.status, description: input.description, interests: input.interests },
    now,
  );
  // Ethnicity and sexual orientation only with the consent beside them (ADR 023; the schema refused them
  // without it). No consent now: a standing one is withdrawn and what it covered deleted.
  if (input[SPECIAL_DATA_CONSENT_FIELD]) await grantConsent(trx, user.id, SPECIAL_DATA_CONSENT, now);
  else await withdrawConsent(trx, user.id, SPECIAL_DATA_CONSENT, now);
  await replaceTraits(trx, user.id, {
    relationship_status: input.relationship_status,
    ...(input[SPECIAL_DATA_CONSENT_FIELD] ? { race_type: input.race_type ?? null, sexuality: input.sexuality ?? null } : {}),
    nationality: input.nationality,
    languages: input.languages,
  });
}

/** Fields the member's gender has no use for are refused at their field, never stored. */
export function checkAppearance(user: ProfileOwner, input: AppearanceStepInput): void {
  const notApplicable = [
    ...(penisFieldsApply(user.gender) ? [] : (["penis_length", "penis_diameter"] as const)),
    ...(cupSizeApplies(user.gender) ? [] : (["cup_size"] as const)),
  ];
  const items = notApplicable
    .filter((field) => input[field] !== undefined && input[field] !== null)
    .map((field) => errorItem(400, "validation.steps.not_applicable", field));
  if (items.length > 0) throw new ApiError(400, items);
}

/** Writes the appearance form's values (registration step and settings page alike). */
export async function writeAppearance(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: AppearanceStepInput): Promise<void> {
  const now = deps.clock.now();
  await ensureProfile(trx, user, now);
  await trx
    .updateTable("profiles")
    .set({
      height_cm: input.height ?? null,
      weight_kg: input.weight ?? null,
      penis_length_cm: input.penis_length ?? null,
      penis_diameter_cm: input.penis_diameter ?? null,
      updated_at: now,
    })
    .where("user_id", "=", user.id)
    .execute();
  await replaceTraits(trx, user.id, {
    figure_type: input.figure_type,
    cup_size: input.cup_size,
    hair_length: input.hair_length,
    hair_color: input.hair_color,
    body_hair: input.body_hair,
    intimate_hair: input.intimate_hair,
    characteristic_trait: input.characteristic_trait,
    piercing: input.piercing,
    tattoo: input.tattoo,
  });
}

/** Writes the services form's values (registration step and settings page alike). */
export async function writeServices(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: ServicesStepInput): Promise<void> {
  await replaceTraits(trx, user.id, {
    escort_service: input.escort_service,
    meeting_option: input.meeting_option,
    customer_type: input.customer_type,
  });
  await trx.deleteFrom("profile_prices").where("user_id", "=", user.id).execute();
  const timeRows = timePriceRows(user.id, input.prices, PRICE_DURATIONS);
  const extraRows = input.extras.map((extra, position) => ({
    user_id: user.id,
    item_type: PRICE_ITEM_TYPE.extra,
    duration_minutes: null,
    name: extra.name,
    price_eur: extra.price,
    position,
  }));
  const rows = [...timeRows, ...extraRows];
  if (rows.length > 0) await trx.insertInto("profile_prices").values(rows).execute();
}

/** Time-price rows of the given durations that have a price; position is the duration's place in the full list. */
function timePriceRows(userId: number, prices: Record<string, number | null | undefined>, durations: readonly number[]) {
  return PRICE_DURATIONS.flatMap((minutes, position) => {
    const price = prices[priceKey(minutes)];
    return !durations.includes(minutes) || price === null || price === undefined
      ? []
      : [{ user_id: userId, item_type: PRICE_ITEM_TYPE.time, duration_minutes: minutes, name: null, price_eur: price, position }];
  });
}

/**
 * Replaces the time prices of the given durations only (set_price, ADR 138): the other durations and the extras keep
 * what the service-price list saved. Input checked by the caller with the list's own schema.
 */
export async function writeTimePrices(
  trx: Trx,
  userId: number,
  prices: Record<string, number | null | undefined>,
  durations: readonly number[],
): Promise<void> {
  await trx
    .deleteFrom("profile_prices")
    .where("user_id", "=", userId)
    .where("item_type", "=", PRICE_ITEM_TYPE.time)
    .where("duration_minutes", "in", [...durations])
    .execute();
  const rows = timePriceRows(userId, prices, durations);
  if (rows.length > 0) await trx.insertInto("profile_prices").values(rows).execute();
}

/** Writes the availability form's values (registration step and settings page alike). */
export async function writeAvailability(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: AvailabilityStepInput): Promise<void> {
  const now = deps.clock.now();
  await ensureProfile(trx, user, now);
  await replaceSchedule(trx, user.id, input.schedule);
  await trx
    .updateTable("profiles")
    .set({ available_now_until: input.available_now ? now + AVAILABLE_NOW_MS : null, updated_at: now })
    .where("user_id", "=", user.id)
    .execute();
}

/** Writes the services form's values (registration step and settings page alike). */
export async function writeBusinessServices(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: BusinessServicesStepInput): Promise<void> {
  await replaceTraits(trx, user.id, input);
}

/** Writes the schedule form's values (registration step and settings page alike). */
export async function writeBusinessSchedule(deps: ApiDeps, trx: Trx, user: ProfileOwner, input: BusinessScheduleStepInput): Promise<void> {
  await replaceSchedule(trx, user.id, input.schedule);
}

/** Writes the description form's values (registration step and settings page alike). */
export async function writeBusinessDescription(
  deps: ApiDeps,
  trx: Trx,
  user: ProfileOwner,
  input: BusinessDescriptionStepInput,
): Promise<void> {
  const now = deps.clock.now();
  await ensureProfile(trx, user, now);
  // Texts go public only once a team member accepts them (ADR 030); the owner sees them at once.
  await proposeTexts(trx, user.id, { description: input.description, status: input.status }, now);
}
