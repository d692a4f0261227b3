/**
 * The member's settings pages (issue 10): the index of the pages shown to them (section 6 visibility)
 * and the profile sections they save. A section writes through the same writer as its registration
 * step, without the step gate: a finished member edits what sign-up collected, under the same rules.
 * The search table follows by its triggers (ADR 011): a new city moves the profile in search and the
 * directory at once.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type {
  AppearanceStepInput,
  AvailabilityStepInput,
  BusinessDescriptionStepInput,
  BusinessScheduleStepInput,
  BusinessServicesStepInput,
  ProfileStepInput,
  ServicesStepInput,
} from "../../contract/registration-steps";
import {
  SELF_SERVICE_STATUSES,
  SETTINGS_GROUPS,
  sectionAllowedFor,
  settingsKeyShownTo,
  type SettingsGroup,
  type SettingsIndex,
  type SettingsSection,
  type SettingsViewer,
} from "../../contract/settings";
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

interface SettingsOwner extends ProfileOwner {
  business_kind: string | null;
}

async function loadOwner(db: ApiDeps["db"] | Trx, userId: number): Promise<SettingsOwner> {
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "user_type", "gender", "business_kind"])
    .where("id", "=", userId)
    .where("status", "in", [...SELF_SERVICE_STATUSES])
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return row;
}

const viewerOf = (owner: SettingsOwner): SettingsViewer => ({ userType: owner.user_type, businessKind: owner.business_kind });

/** The settings pages this member has, group by group in the spec's order. */
export async function settingsIndex(deps: ApiDeps, userId: number): Promise<SettingsIndex> {
  return { groups: settingsGroupsFor(viewerOf(await loadOwner(deps.db, userId))) };
}

/** The settings pages a member of this kind has, group by group (the index's and the dashboard's answer). */
export function settingsGroupsFor(viewer: SettingsViewer): SettingsIndex["groups"] {
  return (Object.keys(SETTINGS_GROUPS) as SettingsGroup[]).map((key) => ({
    key,
    items: SETTINGS_GROUPS[key].filter((item) => settingsKeyShownTo(item, viewer)),
  }));
}

/** The input each section's schema produces (contract/registration-steps). */
export interface SectionInputs {
  appearance: AppearanceStepInput;
  profile: ProfileStepInput;
  services: ServicesStepInput;
  availability: AvailabilityStepInput;
  business_services: BusinessServicesStepInput;
  business_description: BusinessDescriptionStepInput;
  business_schedule: BusinessScheduleStepInput;
}

type Writer<S extends SettingsSection> = (deps: ApiDeps, trx: Trx, owner: SettingsOwner, input: SectionInputs[S]) => Promise<void>;

const WRITERS: { [S in SettingsSection]: Writer<S> } = {
  appearance: async (deps, trx, owner, input) => {
    checkAppearance(owner, input);
    await writeAppearance(deps, trx, owner, input);
  },
  profile: writeProfile,
  services: writeServices,
  availability: writeAvailability,
  business_services: writeBusinessServices,
  business_description: writeBusinessDescription,
  business_schedule: writeBusinessSchedule,
};

/** Saves one section of the signed-in member's own profile; 403 when their kind of member has no such form. */
export async function saveSettingsSection<S extends SettingsSection>(deps: ApiDeps, userId: number, section: S, input: SectionInputs[S]) {
  await deps.db.transaction().execute(async (trx) => {
    const owner = await loadOwner(trx, userId);
    if (!sectionAllowedFor(section, viewerOf(owner))) throw fail.forbidden("exception.settings.not_for_user_type");
    await (WRITERS[section] as Writer<S>)(deps, trx, owner, input);
  });
  return { section, saved: true as const };
}
