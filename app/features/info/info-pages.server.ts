/**
 * What every info page loader does (about, legal, misc, partners and their
 * previous versions): map the URL to a catalog key, redirect the unknown ones
 * as spec section 2 says, fetch the page, put the brand in, format the date.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { INDEX_KEY, isPageKey, PAGE_CATALOG, pagePath, type PageSection, type PageVersion } from "#server/contract/pages";
import { createApiClient } from "~/api/client.server";
import { fetchInfoPage } from "~/api/pages.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { readSession } from "~/session/session.server";
import { formatCalendarDate } from "~/utils/dates";
import { GUEST_MAX_AGE, guestPage, memberView, noStore } from "~/utils/cache-headers";

/** Operators write {{brand}} in the Markdown; the brand is fixed at build time in the web tier. */
const BRAND_PLACEHOLDER = /\{\{\s*brand\s*\}\}/g;

export function withBrand(text: string): string {
  return text.replace(BRAND_PLACEHOLDER, brand.name);
}

export function withBrandHtml(html: string): string {
  const escaped = brand.name.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return html.replace(BRAND_PLACEHOLDER, escaped);
}

/** Where an unknown or missing key of a section goes (/about, /legal/terms_and_conditions, /misc/press). */
export function fallbackPath(lang: Language, section: PageSection): string {
  return localePath(lang, pagePath(section, PAGE_CATALOG[section].fallbackKey));
}

/**
 * Guests share one page, so shared caches may keep it five minutes. A signed-in
 * viewer's copy carries their header (dashboard, logout): private to them.
 */
export function infoPageCacheHeaders(request: Request): Record<string, string> {
  const signedIn = readSession(request, Date.now()).token !== null;
  return signedIn ? memberView() : guestPage(GUEST_MAX_AGE.page, { signedInView: true });
}

export interface InfoPageLoaderInput {
  request: Request;
  context: AppLoadContext;
  /** The route's $lang param (the layout has already checked it). */
  lang: string | undefined;
  section: PageSection;
  /** The key from the URL; undefined for the section's own path. */
  key: string | undefined;
  version: PageVersion;
}

export async function loadInfoPage({ request, context, section, key, version, ...input }: InfoPageLoaderInput) {
  const lang = isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE;
  const resolvedKey = key ?? PAGE_CATALOG[section].fallbackKey;
  // /about/index is the same page as /about: one URL per page.
  if (key === INDEX_KEY && version === "current") throw redirect(localePath(lang, pagePath(section, INDEX_KEY)), 301);
  if (key === undefined && section !== "about" && section !== "partners") throw redirect(fallbackPath(lang, section));
  if (!isPageKey(section, resolvedKey)) throw redirect(fallbackPath(lang, section));

  const api = createApiClient({ request, context });
  const result = await fetchInfoPage(api, section, resolvedKey, version);
  if (!result.ok) {
    // The catalog knows the key but no file exists for it: the spec's redirect still applies.
    if (result.status === 404) throw redirect(fallbackPath(lang, section));
    // Anything else (API down, time-out) is our failure: the error page with a 5xx status.
    throw new Response(null, {
      status: result.status >= 500 && result.status < 600 ? result.status : 502,
      headers: noStore(),
    });
  }
  const page = result.data;
  const t = await i18nServer.getFixedT(request);
  const title = withBrand(page.title);
  const isPreviousRoute = version === "previous";
  return data(
    {
      section,
      key: resolvedKey,
      version: page.version,
      language: page.language,
      title,
      metaTitle: t(isPreviousRoute ? "info.previous.meta_title" : "info.meta_title", { title, brand: brand.name }),
      description: withBrand(page.description),
      updated: formatCalendarDate(page.updatedAt, lang),
      html: withBrandHtml(page.html),
      hasPrevious: page.hasPrevious,
      currentPath: localePath(lang, pagePath(section, resolvedKey)),
      previousPath: localePath(lang, `${section}/${resolvedKey}/previous`),
    },
    { headers: infoPageCacheHeaders(request) },
  );
}
