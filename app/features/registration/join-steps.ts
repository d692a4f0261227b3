/**
 * The join wizards' step keys and their text keys, in a module without the step schemas (ADR 161): the step page
 * renders them in the browser; ./step-forms (the schemas, the error mapping) re-exports them for the server half.
 */
export type JoinAudience = "user" | "business";

/** Step keys each wizard route serves (sign-up and basic have routes of their own). */
export const JOIN_STEP_KEYS = {
  user: ["photo", "profile", "appearance", "services", "availability", "completed"],
  business: ["services", "schedule", "description", "photo", "escorts", "completed"],
} as const satisfies Record<JoinAudience, readonly string[]>;

/** Business steps with their own wording ("Euer Angebot") live under registration_steps.business_<step>. */
export function textKeyOf(audience: JoinAudience, stepKey: string): string {
  return audience === "business" && stepKey !== "photo" && stepKey !== "completed" ? `business_${stepKey}` : stepKey;
}
