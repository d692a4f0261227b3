import type * as v from "valibot";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import {
  appearanceStepSchema,
  availabilityStepSchema,
  businessDescriptionStepSchema,
  businessScheduleStepSchema,
  businessServicesStepSchema,
  profileStepSchema,
  servicesStepSchema,
} from "../../contract/registration-steps";
import type { SettingsSection } from "../../contract/settings";
import { saveSettingsSection, settingsIndex, type SectionInputs } from "./service";

/** Each section's body: the registration step's schema (one rule for sign-up and settings). */
const SECTION_SCHEMAS: { [S in SettingsSection]: v.GenericSchema<unknown, SectionInputs[S]> } = {
  appearance: appearanceStepSchema,
  profile: profileStepSchema,
  services: servicesStepSchema,
  availability: availabilityStepSchema,
  business_services: businessServicesStepSchema,
  business_description: businessDescriptionStepSchema,
  business_schedule: businessScheduleStepSchema,
};

const SECTION_SUMMARIES: Record<SettingsSection, string> = {
  appearance: "Measures and appearance choices (escorts and clients; the appearance step's rules).",
  profile:
    "Relationship status, special-category answers with their consent, city, nationality, languages, profession and texts (the profile step's rules).",
  services: "Services, meeting options, customer types, prices and extras (escorts and agencies; the services step's rules).",
  availability: "Working hours and available now (escorts).",
  business_services: "A business's services, rooms, environment, customers, meeting options and languages.",
  business_description: "A business's description (140-2500 characters) and status text.",
  business_schedule: "A business's opening hours.",
};

/** The member's settings (issue 10): the index and the profile sections, always the caller's own. */
export function registerSettings({ v2 }: ModuleContext): void {
  v2.add(
    {
      method: "get",
      path: "/settings",
      summary: "The settings pages the signed-in member has (spec section 6 hides some per user and business type), by group.",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await settingsIndex(c.get("deps"), user!.id)),
  );
  for (const section of Object.keys(SECTION_SCHEMAS) as SettingsSection[]) {
    v2.add(
      {
        method: "put",
        path: `/settings/${section}`,
        summary: `${SECTION_SUMMARIES[section]} Saves the caller's own profile; 403 exception.settings.not_for_user_type when their kind of member has no such form.`,
        tag: "settings",
        auth: "required",
        body: SECTION_SCHEMAS[section],
        statuses: [400, 401, 403],
      },
      async (c, { body, user }) => ok(c, await saveSettingsSection(c.get("deps"), user!.id, section, body as never)),
    );
  }
}
