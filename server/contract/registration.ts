/**
 * Registration steps of spec section 2, and the one place that decides which
 * steps a user type sees, in which order, and where a signed-in user must go
 * next (spec section 4 "Registration" and the post-login order).
 *
 * Individuals (client, escort) have the spec's numbered steps; the number of
 * the last finished step is stored as registerCompletedStep. Businesses have
 * named steps; we number them 1–6 in the same column (the spec gives no
 * numbers) and share the completed index 10.
 */
import { REGISTER_COMPLETED_STEP, REGISTER_STEP, USER_TYPE } from "./users";

export interface RegisterStepDef {
  key: string;
  step: number;
}

export const INDIVIDUAL_REGISTER_STEPS: RegisterStepDef[] = Object.entries(REGISTER_STEP).map(([key, step]) => ({ key, step }));

export const BUSINESS_REGISTER_STEPS = ["basic", "services", "schedule", "description", "photo", "escorts"] as const;
export type BusinessRegisterStep = (typeof BUSINESS_REGISTER_STEPS)[number];

/**
 * Business signup tracking (spec section 3: "types 1, 2, 3, 3.1, 4"; the spec
 * gives no meaning). Each code marks a funnel stage a business reached, once:
 * - "1"   basic: the account exists (recorded at business sign-up),
 * - "2"   services saved, "3" schedule (opening hours) saved,
 * - "3.1" description saved: a sub-stage of 3, because the spec's list puts it
 *         there and it completes the profile text, not a new area,
 * - "4"   photo done: the profile is presentable, the funnel is complete.
 * The escorts step has no code: linking escorts is optional and does not
 * decide whether a business finished signing up. Codes are strings because
 * "3.1" is not a number one may add to or compare arithmetically.
 */
export const BUSINESS_SIGNUP_TRACKING_TYPES = ["1", "2", "3", "3.1", "4"] as const;
export type BusinessSignupTrackingType = (typeof BUSINESS_SIGNUP_TRACKING_TYPES)[number];
export const BUSINESS_SIGNUP_TRACKING: Readonly<Record<BusinessRegisterStep, BusinessSignupTrackingType | null>> = {
  basic: "1",
  services: "2",
  schedule: "3",
  description: "3.1",
  photo: "4",
  escorts: null,
};

/** The tracking code of a business step, or null when the step is not part of the funnel. */
export function businessSignupTrackingType(stepKey: string): BusinessSignupTrackingType | null {
  return (BUSINESS_REGISTER_STEPS as readonly string[]).includes(stepKey)
    ? BUSINESS_SIGNUP_TRACKING[stepKey as BusinessRegisterStep]
    : null;
}

export const BUSINESS_STEP_NUMBERS: RegisterStepDef[] = [
  ...BUSINESS_REGISTER_STEPS.map((key, index) => ({ key, step: index + 1 })),
  { key: "completed", step: REGISTER_COMPLETED_STEP },
];

/** Clients offer no services and keep no schedule. */
const CLIENT_SKIPS = new Set(["services", "availability"]);

/** The steps a user type walks through, in order, ending with "completed". */
export function registerStepsFor(userType: number): RegisterStepDef[] {
  if (userType === USER_TYPE.business) return BUSINESS_STEP_NUMBERS;
  if (userType === USER_TYPE.client) return INDIVIDUAL_REGISTER_STEPS.filter((s) => !CLIENT_SKIPS.has(s.key));
  return INDIVIDUAL_REGISTER_STEPS;
}

/** The first step after the last finished one, or null when registration is complete. */
export function nextRegisterStep(userType: number, completedStep: number): RegisterStepDef | null {
  if (completedStep >= REGISTER_COMPLETED_STEP) return null;
  return registerStepsFor(userType).find((s) => s.step > completedStep) ?? null;
}

/**
 * Whether the photo step needs a photo. Escorts and businesses are found by
 * their photos; a client's profile is seen by members only and needs none
 * (ADR 023): the step can be passed without one.
 */
export function photoRequired(userType: number): boolean {
  return userType !== USER_TYPE.client;
}

/** Path (after the language) of a registration step for a user type. */
export function registerStepPath(userType: number, stepKey: string): string {
  return userType === USER_TYPE.business ? `join/business/${stepKey}` : `join/user/${stepKey}`;
}

export interface PostLoginUser {
  userType: number;
  registerCompletedStep: number;
  forcedFakeCheck: boolean;
  /** The team or a rule forces the fsk18 age check now (age_verifications.forced, ADR 105). */
  ageCheckRequired?: boolean;
}

/**
 * Where a signed-in user must go before anything else (path after the
 * language), or null. Order: forced age check, then an unfinished
 * registration. An unverified e-mail address is no such duty (ADR 024): the
 * member browses, and only the actions of contract/email-verification ask
 * for it.
 */
export function requiredDestination(user: PostLoginUser): string | null {
  if (user.forcedFakeCheck || user.ageCheckRequired) return "user/age_check_verification?type=forced";
  const next = nextRegisterStep(user.userType, user.registerCompletedStep);
  if (next && next.key !== "completed") return `${registerStepPath(user.userType, next.key)}?reason=finish_reg`;
  return null;
}

/** The step a user type has under this key, or undefined when the type has no such step. */
export function findRegisterStep(userType: number, stepKey: string): RegisterStepDef | undefined {
  return registerStepsFor(userType).find((s) => s.key === stepKey);
}

/**
 * Whether a step may be saved now: steps already done may be redone; the
 * next unfinished one may be done; later ones may not (no skipping ahead).
 */
export function mayEnterRegisterStep(userType: number, completedStep: number, stepKey: string): "ok" | "unknown_step" | "not_reached" {
  const step = findRegisterStep(userType, stepKey);
  if (!step) return "unknown_step";
  const next = nextRegisterStep(userType, completedStep);
  if (next && step.step > next.step) return "not_reached";
  return "ok";
}

/**
 * The completed-step value after saving `step`: never backwards; when only
 * "completed" is left afterwards, registration is complete.
 */
export function completedStepAfter(userType: number, completedStep: number, step: number): number {
  const reached = Math.max(completedStep, step);
  const next = nextRegisterStep(userType, reached);
  return next?.key === "completed" ? next.step : reached;
}
