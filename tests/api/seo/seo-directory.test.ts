/**
 * The SEO directory's pure rules: category words → filters, paths and
 * breadcrumbs, page numbers, sitemap XML, robots.txt and the ETag match.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  categoryFilter,
  countryCodeOfSlug,
  countrySlugOf,
  directoryBreadcrumbs,
  directoryLevel,
  directoryPath,
  isSeoCategory,
  parseDirectoryPage,
  SEO_CATEGORY_WORDS,
  SEO_COUNTRIES,
  SEO_MAX_PAGE,
} from "#server/contract/seo";
import { isValidTraitOption } from "#server/contract/traits";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { slugify } from "#server/db/geo/slug";
import { regionByCode, regionBySlug } from "#server/modules/geo/regions";
import { etagOf, matchesIfNoneMatch } from "~/utils/etag.server";
import { robotsTxt, sitemapIndexXml, urlsetXml, xmlEscape } from "~/utils/sitemap";

describe("category words", () => {
  it("are exactly the ten words of spec section 2", () => {
    expect([...SEO_CATEGORY_WORDS].sort()).toEqual(
      [
        "sex-and-erotic",
        "escort",
        "ladies",
        "huren-nutten",
        "domina-bdsm",
        "tantra-erotische-massagen",
        "bordell-club",
        "gangbang-bukkake",
        "transen-shemale",
        "male-escort",
      ].sort(),
    );
    expect(isSeoCategory("escorts")).toBe(false);
    expect(isSeoCategory("__proto__")).toBe(false);
  });

  it("map to filters that only name real user types, genders and trait options", () => {
    const genders = new Set<number>(Object.values(GENDER));
    for (const word of SEO_CATEGORY_WORDS) {
      const filter = categoryFilter(word);
      expect(filter.userTypes.length).toBeGreaterThan(0);
      for (const type of filter.userTypes) expect([USER_TYPE.escort, USER_TYPE.business]).toContain(type);
      for (const gender of filter.genders ?? []) expect(genders.has(gender)).toBe(true);
      for (const trait of filter.traits ?? [])
        for (const id of trait.optionIds) expect(isValidTraitOption(trait.group, id), `${word}: ${trait.group} ${id}`).toBe(true);
    }
  });

  it("give the expected audiences", () => {
    expect(categoryFilter("ladies").genders).toContain(GENDER.female);
    expect(categoryFilter("male-escort").genders).toEqual([GENDER.male, GENDER.male_male]);
    expect(categoryFilter("transen-shemale").genders).not.toContain(GENDER.female);
    expect(categoryFilter("bordell-club").userTypes).toEqual([USER_TYPE.business]);
    // The same businesses as the business search's category /agenturen-clubs/clubs (ADR 069).
    expect(categoryFilter("bordell-club").businessKind).toBe("club");
    expect(categoryFilter("escort").genders).toBeUndefined();
  });
});

describe("places", () => {
  it("use the geo tables' country slugs", () => {
    const names: Record<string, string> = {
      DE: "Deutschland",
      AT: "Österreich",
      CH: "Schweiz",
      NL: "Niederlande",
      PL: "Polen",
      ES: "Spanien",
    };
    for (const [code, slug] of Object.entries(SEO_COUNTRIES)) {
      expect(slug).toBe(slugify(names[code] ?? ""));
      expect(countryCodeOfSlug(slug)).toBe(code);
      expect(countrySlugOf(code)).toBe(slug);
    }
    expect(countryCodeOfSlug("atlantis")).toBeNull();
  });

  it("resolve regions by GeoNames admin1 code and by slug", () => {
    expect(regionByCode("DE", "16")).toEqual({ code: "16", name: "Berlin", slug: "berlin" });
    expect(regionBySlug("DE", "baden-wuerttemberg")?.code).toBe("01");
    expect(regionBySlug("AT", "wien")?.name).toBe("Wien");
    expect(regionBySlug("DE", "wien")).toBeNull();
    expect(regionByCode("XX", "01")).toBeNull();
  });
});

describe("paths and breadcrumbs", () => {
  const address = { category: "escort" as const, country: "deutschland", region: "bayern", city: "muenchen" };

  it("build one path per address and page", () => {
    expect(directoryPath(address)).toBe("escort/deutschland/bayern/muenchen");
    expect(directoryPath(address, 1)).toBe("escort/deutschland/bayern/muenchen");
    expect(directoryPath(address, 3)).toBe("escort/deutschland/bayern/muenchen?page=3");
    expect(directoryPath({ category: "ladies" })).toBe("ladies");
    // A city without its region is not an address of its own.
    expect(directoryPath({ category: "ladies", country: "deutschland", city: "berlin" })).toBe("ladies/deutschland");
    expect(directoryLevel(address)).toBe("city");
    expect(directoryLevel({ category: "escort", country: "deutschland" })).toBe("country");
  });

  it("lead from home to the current place, each crumb one level up", () => {
    const crumbs = directoryBreadcrumbs(address, { countryCode: "DE", regionName: "Bayern", cityName: "München" });
    expect(crumbs.map((c) => c.path)).toEqual([
      "",
      "escort",
      "escort/deutschland",
      "escort/deutschland/bayern",
      "escort/deutschland/bayern/muenchen",
    ]);
    expect(crumbs.map((c) => c.label)).toEqual([
      "seo.breadcrumb.home",
      "seo.categories.escort.name",
      "seo.countries.DE",
      "Bayern",
      "München",
    ]);
    expect(crumbs.map((c) => c.translate)).toEqual([true, true, true, false, false]);
    expect(directoryBreadcrumbs({ category: "escort" })).toHaveLength(2);
  });

  it("accept page numbers 1 to 6 only", () => {
    expect(parseDirectoryPage(null)).toBe(1);
    expect(parseDirectoryPage("")).toBe(1);
    expect(parseDirectoryPage("6")).toBe(SEO_MAX_PAGE);
    for (const bad of ["0", "7", "-1", "01", "2.5", "abc", "1e3"]) expect(parseDirectoryPage(bad), bad).toBeNull();
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const page = parseDirectoryPage(raw);
        return page === null || (Number.isInteger(page) && page >= 1 && page <= SEO_MAX_PAGE);
      }),
    );
  });
});

describe("sitemaps and robots.txt", () => {
  it("write a sitemap index and url sets with lastmod and hreflang alternates", () => {
    const index = sitemapIndexXml([
      { loc: "https://x.test/sitemaps/de/pages.xml", lastModified: null },
      { loc: "https://x.test/sitemaps/de/profiles-1.xml", lastModified: Date.UTC(2026, 10, 20, 23, 0) },
    ]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain("<sitemap><loc>https://x.test/sitemaps/de/pages.xml</loc></sitemap>");
    expect(index).toContain("<lastmod>2026-11-20</lastmod>");
    const set = urlsetXml("https://x.test", "en", [
      { path: "p/a&b", lastModified: Date.UTC(2026, 0, 2) },
      { path: "", lastModified: null },
    ]);
    expect(set).toContain("<url><loc>https://x.test/en/p/a&amp;b</loc><lastmod>2026-01-02</lastmod>");
    expect(set).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://x.test/de/p/a&amp;b"/>');
    expect(set).toContain("<url><loc>https://x.test/en</loc><xhtml:link");
    expect(xmlEscape(`<"'&>`)).toBe("&lt;&quot;&apos;&amp;&gt;");
  });

  it("keeps sensitive routes out of robots.txt in every language", () => {
    const robots = robotsTxt("https://x.test");
    for (const lang of ["de", "en", "es", "pl"]) {
      for (const path of ["login", "my_", "join/", "user/", "messenger", "dev/"]) expect(robots).toContain(`Disallow: /${lang}/${path}\n`);
    }
    expect(robots).toContain("Disallow: /api/\n");
    expect(robots).toContain("Sitemap: https://x.test/sitemap.xml");
    expect(robots).not.toContain("Disallow: /de/p/");
  });
});

describe("ETag", () => {
  it("is stable for the same HTML and matches weakly", () => {
    const tag = etagOf(new TextEncoder().encode("<html>a</html>"));
    expect(tag).toBe(etagOf(new TextEncoder().encode("<html>a</html>")));
    expect(tag).not.toBe(etagOf(new TextEncoder().encode("<html>b</html>")));
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"x", ${tag.replace("W/", "")}`, tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
  });
});
