/**
 * Rules of the registration steps after sign-up (spec section 2): each step
 * saves the signed-in user's own data (the user id always comes from the
 * token, never from the body), refuses steps the user type does not have or
 * has not reached yet, and moves register_completed_step forward only.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { ACTIVE_BUSINESS_LINK_STATUSES, BUSINESS_LINK_STATUS } from "../../contract/business-links";
import { MEDIA_STATUS } from "../../contract/media";
import {
  completedStepAfter,
  findRegisterStep,
  mayEnterRegisterStep,
  nextRegisterStep,
  photoRequired,
  registerStepsFor,
} from "../../contract/registration";
import {
  PRICE_ITEM_TYPE,
  priceKey,
  type AppearanceStepInput,
  type AvailabilityStepInput,
  type BusinessDescriptionStepInput,
  type BusinessEscortsStepInput,
  type BusinessScheduleStepInput,
  type BusinessServicesStepInput,
  type ProfileStepInput,
  type ServicesStepInput,
} from "../../contract/registration-steps";
import { SELF_SERVICE_STATUSES } from "../../contract/settings";
import { USER_TYPE } from "../../contract/users";
import { SPECIAL_DATA_CONSENT } from "../../contract/consents";
import type { UserStatus } from "../../db/schema";
import { precompiled, type Slots } from "../../db/precompiled";
import { mailBusinessLinkRequests, setNamedEscorts } from "../business-links/index";
import { activeConsentSince } from "../consents/index";
import { cityKey } from "../geo/index";
import { interviewKeyOfField, type MyModeration } from "../../contract/moderation";
import { ownPendingTexts, ownTextReviews } from "../moderation/index";
import {
  checkAppearance,
  writeAppearance,
  writeAvailability,
  writeBusinessDescription,
  writeBusinessSchedule,
  writeBusinessServices,
  writeProfile,
  writeServices,
  type ProfileOwner,
  type Trx,
} from "../profiles/index";
import { recordBusinessSignupStep } from "./tracking.service";
import type { StepData, StepResult } from "../../contract/registration-steps";
export type { StepResult };

interface StepUser extends ProfileOwner {
  register_completed_step: number;
}

/** Whose endpoint: /registration/* for individuals, /registration/business/* for businesses. */
export type Audience = "individual" | "business";

/** The member of a step: active to save one; reading the saved values also works paused or deactivated (settings, dashboard). */
function stepUserQuery(db: ApiDeps["db"] | Trx, userId: number, statuses: readonly UserStatus[]) {
  return db
    .selectFrom("users")
    .select(["id", "username", "user_type", "gender", "register_completed_step"])
    .where("id", "=", userId)
    .where("status", "in", [...statuses]);
}

async function loadStepUser(db: ApiDeps["db"] | Trx, userId: number, statuses: readonly UserStatus[] = ["active"]): Promise<StepUser> {
  const row = await stepUserQuery(db, userId, statuses).executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return row;
}

/**
 * Runs one step's writes in a transaction after checking the user may do the
 * step now, then advances the completed step.
 */
async function saveStep(
  deps: ApiDeps,
  userId: number,
  audience: Audience,
  stepKey: string,
  write: (trx: Trx, user: StepUser) => Promise<void>,
  check?: (user: StepUser) => void,
): Promise<StepResult> {
  return await deps.db.transaction().execute(async (trx) => {
    const user = await loadStepUser(trx, userId);
    const gate = mayEnterRegisterStep(user.user_type, user.register_completed_step, stepKey);
    // Individuals and businesses both have a "services" and a "photo" step, with different forms.
    const isBusiness = user.user_type === USER_TYPE.business;
    if (gate === "unknown_step" || isBusiness !== (audience === "business"))
      throw fail.forbidden("exception.registration.step_not_for_user_type");
    if (gate === "not_reached") throw fail.conflict("exception.registration.step_not_reached");
    check?.(user);
    await write(trx, user);
    const step = findRegisterStep(user.user_type, stepKey)!;
    const completed = completedStepAfter(user.user_type, user.register_completed_step, step.step);
    const now = deps.clock.now();
    await trx.updateTable("users").set({ register_completed_step: completed, updated_at: now }).where("id", "=", user.id).execute();
    // Funnel events mark the first completion only; redoing a finished step is no progress.
    if (isBusiness && step.step > user.register_completed_step) await recordBusinessSignupStep(trx, user.id, stepKey, now);
    return { register_completed_step: completed, next_step: nextRegisterStep(user.user_type, completed)?.key ?? "completed" };
  });
}

export async function saveProfileStep(deps: ApiDeps, userId: number, input: ProfileStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "individual", "profile", (trx, user) => writeProfile(deps, trx, user, input));
}

export async function saveAppearanceStep(deps: ApiDeps, userId: number, input: AppearanceStepInput): Promise<StepResult> {
  return await saveStep(
    deps,
    userId,
    "individual",
    "appearance",
    (trx, user) => writeAppearance(deps, trx, user, input),
    (user) => checkAppearance(user, input),
  );
}

export async function saveServicesStep(deps: ApiDeps, userId: number, input: ServicesStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "individual", "services", (trx, user) => writeServices(deps, trx, user, input));
}

export async function saveAvailabilityStep(deps: ApiDeps, userId: number, input: AvailabilityStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "individual", "availability", (trx, user) => writeAvailability(deps, trx, user, input));
}

/**
 * The photo step is done once the user has at least one photo that is not
 * rejected; clients may finish it without one (photoRequired).
 */
export async function completePhotoStep(deps: ApiDeps, userId: number, audience: Audience): Promise<StepResult> {
  return await saveStep(deps, userId, audience, "photo", async (trx, user) => {
    if (!photoRequired(user.user_type)) return;
    const photo = await trx
      .selectFrom("media")
      .select("id")
      .where("user_id", "=", user.id)
      .where("status", "!=", MEDIA_STATUS.rejected)
      .limit(1)
      .executeTakeFirst();
    if (!photo) throw fail.badRequest("validation.image.required", "files");
  });
}

export async function saveBusinessServicesStep(deps: ApiDeps, userId: number, input: BusinessServicesStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "business", "services", (trx, user) => writeBusinessServices(deps, trx, user, input));
}

export async function saveBusinessScheduleStep(deps: ApiDeps, userId: number, input: BusinessScheduleStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "business", "schedule", (trx, user) => writeBusinessSchedule(deps, trx, user, input));
}

export async function saveBusinessDescriptionStep(deps: ApiDeps, userId: number, input: BusinessDescriptionStepInput): Promise<StepResult> {
  return await saveStep(deps, userId, "business", "description", (trx, user) => writeBusinessDescription(deps, trx, user, input));
}

/**
 * Names escort profiles by username: only existing, active escorts; the list replaces the previous one.
 * A newly named escort is asked first and listed only after accepting (business-links module).
 */
export async function saveBusinessEscortsStep(deps: ApiDeps, userId: number, input: BusinessEscortsStepInput): Promise<StepResult> {
  const keys = input.usernames.map((name) => name.toLowerCase());
  let requested: number[] = [];
  const result = await saveStep(deps, userId, "business", "escorts", async (trx, user) => {
    const found =
      keys.length === 0
        ? []
        : await trx
            .selectFrom("users")
            .select(["id", "username_key"])
            .where("username_key", "in", keys)
            .where("user_type", "=", USER_TYPE.escort)
            .where("status", "=", "active")
            .execute();
    const idByKey = new Map(found.map((row) => [row.username_key, row.id]));
    const missing = keys.flatMap((key, index) =>
      idByKey.has(key) ? [] : [errorItem(400, "validation.steps.escort_not_found", `usernames.${index}`)],
    );
    if (missing.length > 0) throw new ApiError(400, missing);
    const sourceOf = (escortId: number) => `usernames.${keys.findIndex((key) => idByKey.get(key) === escortId)}`;
    requested = await setNamedEscorts(trx, deps, user.id, [...new Set(keys.map((key) => idByKey.get(key)!))], sourceOf);
  });
  await mailBusinessLinkRequests(deps, userId, requested);
  return result;
}

/** What the step forms show: the steps of the user's type and their own saved values. */
export async function getStepData(deps: ApiDeps, userId: number): Promise<StepData> {
  return (await stepDataWithSources(deps, userId)).data;
}

/**
 * The step data and two of the rows it is made of that the dashboard shows as well (ADR 160: one read for both):
 * when the special-category consent was given, and all of the member's text reviews (interview answers included).
 */
type OwnRows = { userId: number };

// What the step forms and the dashboard read of the member's own rows, each statement built once (ADR 148): the
// dashboard reads them on every view, and building them was a part of its CPU (ADR 173).
const OWN_ROWS = {
  user: precompiled((db, slot: Slots<OwnRows>) => stepUserQuery(db, slot("userId"), SELF_SERVICE_STATUSES)),
  profile: precompiled((db, slot: Slots<OwnRows>) =>
    db
      .selectFrom("profiles")
      .select([
        "city_name",
        "city_slug",
        "country_code",
        "profession",
        "status_text",
        "description",
        "interests",
        "height_cm",
        "weight_kg",
        "penis_length_cm",
        "penis_diameter_cm",
        "available_now_until",
      ])
      .where("user_id", "=", slot("userId")),
  ),
  traits: precompiled((db, slot: Slots<OwnRows>) =>
    db.selectFrom("profile_traits").select(["group_key", "option_id"]).where("user_id", "=", slot("userId")).orderBy("option_id"),
  ),
  prices: precompiled((db, slot: Slots<OwnRows>) =>
    db
      .selectFrom("profile_prices")
      .select(["item_type", "duration_minutes", "name", "price_eur"])
      .where("user_id", "=", slot("userId"))
      .orderBy("item_type")
      .orderBy("position"),
  ),
  schedule: precompiled((db, slot: Slots<OwnRows>) =>
    db
      .selectFrom("profile_schedule")
      .select(["day", "time_from", "time_to", "is_over_day"])
      .where("user_id", "=", slot("userId"))
      .orderBy("day")
      .orderBy("time_from"),
  ),
  photos: precompiled((db, slot: Slots<OwnRows>) =>
    db
      .selectFrom("media")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .where("user_id", "=", slot("userId"))
      .where("status", "!=", MEDIA_STATUS.rejected),
  ),
  escorts: precompiled((db, slot: Slots<OwnRows>) =>
    db
      .selectFrom("business_escorts")
      .innerJoin("users", "users.id", "business_escorts.escort_user_id")
      .select(["users.username", "business_escorts.status"])
      .where("business_escorts.business_user_id", "=", slot("userId"))
      .where("business_escorts.status", "in", [...ACTIVE_BUSINESS_LINK_STATUSES])
      .orderBy("business_escorts.position"),
  ),
};

/**
 * The step data and two of the rows it is made of that the dashboard shows as well (ADR 160: one read for both):
 * when the special-category consent was given, and all of the member's text reviews (interview answers included).
 */
export async function stepDataWithSources(
  deps: ApiDeps,
  userId: number,
): Promise<{ data: StepData; specialConsentSince: number | null; textReviews: MyModeration["texts"] }> {
  const [user] = await OWN_ROWS.user(deps.db, { userId });
  if (!user) throw fail.unauthorized();
  const own = { userId: user.id };
  const [[profile], traits, prices, schedule, [photos], escorts, specialConsent, ownTexts, textReviews] = await Promise.all([
    OWN_ROWS.profile(deps.db, own),
    OWN_ROWS.traits(deps.db, own),
    OWN_ROWS.prices(deps.db, own),
    OWN_ROWS.schedule(deps.db, own),
    OWN_ROWS.photos(deps.db, own),
    OWN_ROWS.escorts(deps.db, own),
    activeConsentSince(deps.db, user.id, SPECIAL_DATA_CONSENT),
    ownPendingTexts(deps.db, user.id),
    ownTextReviews(deps, user.id),
  ]);
  const traitValues: Record<string, number[]> = {};
  for (const row of traits) (traitValues[row.group_key] ??= []).push(row.option_id);
  const timePrices: Record<string, number> = {};
  for (const row of prices)
    if (row.item_type === PRICE_ITEM_TYPE.time && row.duration_minutes !== null) timePrices[priceKey(row.duration_minutes)] = row.price_eur;
  const now = deps.clock.now();
  const data: StepData = {
    user_type: user.user_type,
    gender: user.gender,
    register_completed_step: user.register_completed_step,
    next_step: nextRegisterStep(user.user_type, user.register_completed_step)?.key ?? null,
    steps: registerStepsFor(user.user_type),
    photo_count: Number(photos?.count ?? 0),
    /** A photo is optional for clients (their profiles are for members only; ADR 023). */
    photo_required: photoRequired(user.user_type),
    /** Whether the special-category consent stands (the profile step's checkbox shows it). */
    special_data_consent: specialConsent !== null,
    traits: traitValues,
    // What the city field shows again, and the key that pins it to the stored city (names repeat: Neustadt).
    city: profile?.city_name ?? "",
    city_key: profile?.city_slug && profile.country_code ? cityKey(profile.country_code, profile.city_slug) : "",
    // The owner's own latest texts: a proposal waiting for moderation before the published one.
    profession: ownTexts.profession ?? profile?.profession ?? "",
    status: ownTexts.status ?? profile?.status_text ?? "",
    description: ownTexts.description ?? profile?.description ?? "",
    interests: ownTexts.interests ?? profile?.interests ?? "",
    height: profile?.height_cm ?? null,
    weight: profile?.weight_kg ?? null,
    penis_length: profile?.penis_length_cm ?? null,
    penis_diameter: profile?.penis_diameter_cm ?? null,
    prices: timePrices,
    extras: prices.filter((row) => row.item_type === PRICE_ITEM_TYPE.extra).map((row) => ({ name: row.name ?? "", price: row.price_eur })),
    schedule: schedule.map((slot) => ({
      day: slot.day,
      time_from: slot.time_from,
      time_to: slot.time_to,
      is_over_day: slot.is_over_day === 1,
    })),
    available_now: profile?.available_now_until != null && Number(profile.available_now_until) > now,
    escort_usernames: escorts.map((row) => row.username),
    /** Named escorts who have not accepted yet: the step form marks them as asked. */
    pending_escort_usernames: escorts.filter((row) => row.status === BUSINESS_LINK_STATUS.pending).map((row) => row.username),
    // The profile forms' own texts; interview answers are told on their own page (user/interviews).
    text_reviews: textReviews.filter((review) => interviewKeyOfField(review.field) === null),
  };
  return { data, specialConsentSince: specialConsent, textReviews };
}
