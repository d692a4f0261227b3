import { useParams } from "@remix-run/react";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";

/** The supported language in a path's first segment, or null. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split("/")[1] ?? "";
  return isLanguage(first) ? first : null;
}

/**
 * Builds an in-app link that keeps the language prefix. `to` is the path
 * after the language ("/login", "about/rules", "" for home).
 */
export function localePath(lang: Language, to: string): string {
  const rest = to.replace(/^\/+/, "");
  return rest ? `/${lang}/${rest}` : `/${lang}`;
}

/** Replaces the language segment of a path (for switchers and hreflang). */
export function switchLanguage(pathname: string, lang: Language): string {
  const current = languageFromPath(pathname);
  const rest = current ? pathname.slice(current.length + 1) : pathname;
  return `/${lang}${rest === "/" ? "" : rest}`;
}

export function useLang(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export function useLocalePath() {
  const lang = useLang();
  return (to: string) => localePath(lang, to);
}
