import type { Language } from "#server/contract/locales";
import { USER_TYPE } from "#server/contract/users";
import { localePath } from "~/i18n/lang";

/** The directory category a profile belongs to (its city page links there). */
export function directoryCategoryOf(userType: number): "escort" | "sex-and-erotic" | null {
  if (userType === USER_TYPE.escort) return "escort";
  if (userType === USER_TYPE.business) return "sex-and-erotic";
  return null;
}

/** Where guests go for any profile action: sign-up, then back here. */
export function joinHref(lang: Language, returnPath: string): string {
  return `${localePath(lang, "join/user")}?r=${encodeURIComponent(returnPath)}`;
}
