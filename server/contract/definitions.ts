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
