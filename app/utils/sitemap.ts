/**
 * Sitemap XML (sitemaps.org 0.9): an index of per-language files, each a
 * urlset with lastmod (W3C date) and hreflang alternates of the same path in
 * every language. Pure functions; the resource routes fetch the entries.
 */
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { PAGE_CATALOG, PAGE_SECTIONS, pagePath } from "#server/contract/pages";
import { businessCategoryPath } from "#server/contract/search-url";
import { BUSINESS_KINDS } from "#server/contract/registration-sign-up";
import { localePath } from "~/i18n/lang";
import { GUEST_MAX_AGE, guestPage } from "./cache-headers";

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] as string);
}

/** The W3C date sitemaps expect (day precision is enough and stable). */
export function lastmod(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export interface SitemapUrl {
  /** Path after the language prefix ("" is home). */
  path: string;
  lastModified: number | null;
}

export function sitemapIndexXml(files: Array<{ loc: string; lastModified: number | null }>): string {
  const body = files
    .map((f) => `<sitemap><loc>${xmlEscape(f.loc)}</loc>${f.lastModified ? `<lastmod>${lastmod(f.lastModified)}</lastmod>` : ""}</sitemap>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`;
}

export function urlsetXml(origin: string, lang: Language, urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const alternates = SUPPORTED_LANGUAGES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(origin + localePath(l, u.path))}"/>`,
      ).join("");
      const mod = u.lastModified ? `<lastmod>${lastmod(u.lastModified)}</lastmod>` : "";
      return `<url><loc>${xmlEscape(origin + localePath(lang, u.path))}</loc>${mod}${alternates}</url>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>\n`;
}

/**
 * Info pages (about, legal, misc, partners), the home page and the guides; hidden legal pages stay out. Also the
 * business search and each of its categories (ADR 069): the addresses its tabs link and its canonical URLs name.
 */
export function infoSitemapPaths(): string[] {
  const paths = ["", "seo_guide", "location_guide", businessCategoryPath(null), ...BUSINESS_KINDS.map(businessCategoryPath)];
  for (const section of PAGE_SECTIONS) {
    const { keys, hiddenInNav } = PAGE_CATALOG[section];
    for (const key of keys) if (!hiddenInNav.includes(key)) paths.push(pagePath(section, key));
  }
  return paths;
}

/** The file names of a sitemap's parts: `{name}.xml`, or `{name}-1.xml` … when its files are numbered. */
export function sitemapFileNames(file: { name: string; paged: boolean; parts: number }): string[] {
  return file.paged ? Array.from({ length: file.parts }, (_, i) => `${file.name}-${i + 1}.xml`) : [`${file.name}.xml`];
}

/** A sitemap file name read back: the sitemap's name and, for numbered files, the part (null: not a sitemap file name). */
export function parseSitemapFileName(file: string): { name: string; part: number | null } | null {
  const match = /^([a-z][a-z0-9_]*?)(?:-([1-9]\d{0,3}))?\.xml$/.exec(file);
  return match ? { name: match[1]!, part: match[2] ? Number(match[2]) : null } : null;
}

export const SITEMAP_HEADERS = { "Content-Type": "application/xml; charset=utf-8", ...guestPage(GUEST_MAX_AGE.static) };

/** Paths no crawler should fetch: personal, transactional, API and dev routes (spec "sensitive" pages). */
export const ROBOTS_DISALLOWED = [
  "/api/",
  "/oauth/",
  "/node/",
  "/ws",
  ...SUPPORTED_LANGUAGES.flatMap((lang) =>
    [
      "login",
      "logout",
      "forgot_password",
      "reset_password",
      "my_",
      "join/",
      "user/",
      "user",
      "messenger",
      "dev/",
      "buy/",
      "paywall/",
      "support/",
      "favorite",
      "visitor",
      "promotion",
      "content-create",
      "dating/",
      "invites/",
      "federated/",
      "error/",
    ].map((p) => `/${lang}/${p}`),
  ),
];

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
