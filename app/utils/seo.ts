import type { MetaDescriptor } from "@remix-run/node";
import { SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { switchLanguage } from "~/i18n/lang";
import { privatePage } from "./cache-headers";

export interface PageMetaInput {
  title: string;
  description?: string;
  /** Absolute origin, from the root loader. */
  origin: string;
  /** Current pathname including the language prefix. */
  pathname: string;
  noindex?: boolean;
}

/**
 * Title, description, canonical and hreflang alternates for one page. In v2
 * a child's meta replaces its parent's, so every page returns the full set.
 */
export function pageMeta({ title, description, origin, pathname, noindex }: PageMetaInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
    return tags;
  }
  tags.push({ tagName: "link", rel: "canonical", href: `${origin}${pathname}` });
  for (const lang of SUPPORTED_LANGUAGES) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: lang, href: `${origin}${switchLanguage(pathname, lang as Language)}` });
  }
  tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${switchLanguage(pathname, DEFAULT_LANGUAGE)}` });
  return tags;
}

/** Sensitive pages: never cached by shared caches, never indexed. */
export const PRIVATE_HEADERS = privatePage();

/**
 * The public origin of canonical and hreflang URLs, sitemaps and redirect URIs: PUBLIC_URL (required in
 * production, server/config.ts), never the request's Host header, which any client can set.
 */
export function publicOrigin(): string {
  return (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}
