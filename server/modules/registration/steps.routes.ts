/**
 * HTTP of the registration steps after sign-up (spec section 7, registration
 * group: profile, appearance, services, availability, plus the business
 * steps). Every route writes the caller's own data: the user id comes from
 * the token; a user_id in the body is not part of any schema and is dropped.
 */
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import {
  completePhotoStep,
  getStepData,
  saveAppearanceStep,
  saveAvailabilityStep,
  saveBusinessDescriptionStep,
  saveBusinessEscortsStep,
  saveBusinessScheduleStep,
  saveBusinessServicesStep,
  saveProfileStep,
  saveServicesStep,
} from "./steps.service";
import { listBusinessSignupTracking } from "./tracking.service";
import { registrationOps } from "../../contract/operations/registration";

const STEP_STATUSES = [400, 401, 403, 409];
const STEP_NOTE =
  " Answers the new register_completed_step and next_step. 403 when the user type has no such step, 409 when an earlier step is unfinished.";

export function registerRegistrationSteps({ v2, deps }: ModuleContext): void {
  v2.add(
    registrationOps.steps,
    {
      summary: "The caller's registration steps and saved step values (to prefill the forms).",
      tag: "registration",
      auth: "required",
    },
    async (c, { user }) => ok(c, await getStepData(deps, user!.id)),
  );
  v2.add(
    registrationOps.photo,
    {
      summary: `Finish the photo step (individuals): escorts need at least one uploaded photo (POST /media/upload), clients may go on without one.${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { user }) => ok(c, await completePhotoStep(deps, user!.id, "individual")),
  );
  v2.add(
    registrationOps.profile,
    {
      summary: `Save the profile step (relationship_status and city required: a name or a /search/city key, city_key optional; an unknown city is 400 validation.city_unknown at city). race_type and sexuality are optional and stored only with special_data_consent true (else 400 validation.steps.special_data_consent_required at special_data_consent); false withdraws a standing consent and deletes both.${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveProfileStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.appearance,
    {
      summary: `Save the appearance step (height 145-230, weight 40-200, penis fields only for genders they apply to).${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveAppearanceStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.services,
    {
      summary: `Save the services step of escorts (services, meeting options, customer types, prices, extras).${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveServicesStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.availability,
    {
      summary: `Save the availability step (schedule slots, available now).${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveAvailabilityStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.businessTracking,
    {
      summary:
        'The caller\'s own business signup funnel: {types: ["1","2","3","3.1","4"], events: [{type, created_at}]} in funnel order (1 basic, 2 services, 3 schedule, 3.1 description, 4 photo). 403 for individuals.',
      tag: "registration",
      auth: "required",
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await listBusinessSignupTracking(deps, user!.id)),
  );
  v2.add(
    registrationOps.businessServices,
    {
      summary: `Save the business services step.${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveBusinessServicesStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.businessSchedule,
    {
      summary: `Save the business opening hours.${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveBusinessScheduleStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.businessDescription,
    {
      summary: `Save the business description (140 to 2500 characters).${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveBusinessDescriptionStep(deps, user!.id, body)),
  );
  v2.add(
    registrationOps.businessPhoto,
    {
      summary: `Finish the business photo step: needs at least one uploaded photo.${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { user }) => ok(c, await completePhotoStep(deps, user!.id, "business")),
  );
  v2.add(
    registrationOps.businessEscorts,
    {
      summary: `Link escort profiles by username (existing escorts only; replaces the list).${STEP_NOTE}`,
      tag: "registration",
      auth: "required",
      statuses: STEP_STATUSES,
    },
    async (c, { body, user }) => ok(c, await saveBusinessEscortsStep(deps, user!.id, body)),
  );
}
