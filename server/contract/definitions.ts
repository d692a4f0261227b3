/** Answers of the definitions group (spec section 7 "Definitions"): the languages and countries a form offers. */
import type { Language } from "./locales";

export interface LanguageDefinition {
  code: Language;
  /** In the language of the request. */
  name: string;
  /** In the language itself, for the language picker. */
  native_name: string;
  /** es and pl are served in full but not offered in the picker. */
  offered: boolean;
}

export interface CountryDefinition {
  code: string;
  name: string;
  phone_code: number;
}

/** A choice with the key its label is translated by. */
interface LabelledKey {
  key: string;
  label_key: string;
}

/** GET /definitions/register: everything the registration and profile forms offer (language-independent). */
export interface RegisterDefinitions {
  /** What a person can register as (backend and team are not selectable, spec section 3). */
  user_types: Array<LabelledKey & { id: number }>;
  /** The full user type enum (name → number), for reading stored values. */
  all_user_types: Record<string, number>;
  genders: Array<LabelledKey & { code: number }>;
  salutations: LabelledKey[];
  register_steps: { individual: Array<{ key: string; step: number }>; business: string[] };
  /** Appearance measures by name: their bounds and unit. */
  measures: Record<string, { min: number; max: number; unit: string }>;
  trait_groups: Array<{
    key: string;
    choice: "single" | "multiple";
    user_types: Array<"client" | "escort" | "business">;
    required_at_registration: boolean;
    title_key: string;
    categories: LabelledKey[];
    options: Array<LabelledKey & { id: number; category?: string }>;
  }>;
}
