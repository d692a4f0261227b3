/**
 * lp/{shortUrl} (G): an SEO landing page described by urlDetail items (name, value, active); user_type holds
 * client or escort. Without data the failure is recorded ("No data found for {short_url}") and the visitor
 * goes to the home page (spec section 8).
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { directoryPath, type SeoCategory } from "#server/contract/seo";
import { GENDER } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fetchDirectory, fetchLandingPage, type DirectoryPageData, type LandingPageData } from "~/api/seo.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";

function detailValue(page: LandingPageData, name: string): string | undefined {
  return page.urlDetail.find((item) => item.active && item.name === name)?.value;
}

export async function loadLandingPage({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const shortUrl = params.shortUrl ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchLandingPage(api, shortUrl);
  if (!result.ok || Array.isArray(result.data)) {
    // Recorded for operators (server log); the visitor simply lands on the home page.
    // The short URL is what the visitor typed: a field, never part of the message (issue 9 item 9).
    context.log?.warn({ shortUrl }, "landing page failure: no data found");
    throw redirect(localePath(lang, ""));
  }
  const page = result.data;
  const userType = detailValue(page, "user_type") === "client" ? "client" : "escort";
  const gender = Number(detailValue(page, "gender"));
  const category: SeoCategory | null =
    userType === "client" ? null : gender === GENDER.female ? "ladies" : gender === GENDER.male ? "male-escort" : "escort";

  // Escort pages show the matching directory listing of the city; client pages invite to sign up.
  const place = page.place;
  const address = category && place ? { category, country: place.countrySlug, region: place.regionSlug, city: place.citySlug } : null;
  let listing: DirectoryPageData | null = null;
  if (address) {
    const found = await fetchDirectory(api, address);
    listing = found.ok ? found.data : null;
  }
  const t = await i18nServer.getFixedT(request);
  const cityName = place?.cityName ?? null;
  const kindLabel = category ? t(`seo.categories.${category}.name`) : t("seo.landing.clients");
  const generic = cityName ? t("seo.heading_place", { category: kindLabel, place: cityName }) : kindLabel;
  // The texts staff wrote in the back office (ADR 120; the API picks the language or German), else the generic ones.
  const heading = page.text?.title || generic;
  return data(
    {
      lang,
      userType,
      shortUrl: page.shortUrl,
      heading,
      title: `${heading} | ${brand.name}`,
      description:
        page.text?.description ||
        t(userType === "client" ? "seo.landing.description_client" : "seo.landing.description_escort", {
          place: cityName ?? t("seo.everywhere"),
          brand: brand.name,
        }),
      /** The intro's paragraphs (blank lines between them in the editor); plain text, never markup. */
      intro: (page.text?.intro ?? "")
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
      listing,
      directoryHref: address && listing ? localePath(lang, directoryPath(address)) : null,
    },
    { headers: publicPageHeaders(request) },
  );
}
