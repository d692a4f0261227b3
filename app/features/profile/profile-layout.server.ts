/**
 * The loader of p/{username} and its tabs: the profile page's data (page.server.ts), its title and
 * description in the reader's language, the tabs' titles and the structured data for search engines.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { MEDIA_VARIANT_MAX_WIDTH, mediaFallbackUrl } from "#server/contract/media";
import type { Language } from "#server/contract/locales";
import { USER_TYPE, userTypeName } from "#server/contract/users";
import type { ProfileDetail } from "~/api/profiles.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { publicOrigin } from "~/utils/seo";
import { loadProfilePage } from "./page.server";
import { PROFILE_TABS } from "./tabs";

export async function loadProfileLayout({ request, context, params }: LoaderFunctionArgs) {
  const result = await loadProfilePage(request, context, params);
  const page = result.data;
  const t = await i18nServer.getFixedT(request);
  if (page.kind === "members_only") {
    const title = t("profile.members_only.meta_title", { brand: brand.name });
    return data({ ...page, meta: { title, description: t("profile.members_only.text"), tabTitles: {} } }, result.init ?? undefined);
  }
  if (page.kind === "paused") {
    const title = t("profile.paused.meta_title", { username: page.username, brand: brand.name });
    return data({ ...page, meta: { title, description: t("profile.paused.text"), tabTitles: {} } }, result.init ?? undefined);
  }
  const p = page.profile;
  const type = t(`user_types.${userTypeName(p.userType)}`);
  const who = p.age !== null ? `${p.displayName}, ${p.age}` : p.displayName;
  const title = p.cityName
    ? t("profile.meta.title_city", { who, type, city: p.cityName, brand: brand.name })
    : t("profile.meta.title", { who, type, brand: brand.name });
  const description = p.texts.status?.trim()
    ? p.texts.status.trim().slice(0, 155)
    : t("profile.meta.description", { name: p.displayName, type, city: p.cityName ?? "", brand: brand.name });
  // The profile's own title is `title`; every other tab names itself before it.
  const tabTitles = Object.fromEntries(
    PROFILE_TABS.filter((tab) => tab.key !== "").map((tab) => [
      tab.key,
      t("profile.meta.tab_title", { tab: t(tab.labelKey), who, brand: brand.name }),
    ]),
  );
  return data(
    // Structured data is for search engines: none for profiles they must not list (members only, ADR 023).
    { ...page, meta: { title, description, tabTitles }, jsonLd: p.membersOnly ? null : profileJsonLd(p, publicOrigin(), page.lang) },
    result.init ?? undefined,
  );
}

/** Person or LocalBusiness: name, URL, public avatar and city only; no age, body or contact data. */
function profileJsonLd(p: ProfileDetail, origin: string, lang: Language) {
  const url = `${origin}${localePath(lang, `p/${p.username}`)}`;
  const address = p.location.cityName
    ? {
        "@type": "PostalAddress",
        addressLocality: p.location.cityName,
        ...(p.location.countryCode ? { addressCountry: p.location.countryCode } : {}),
      }
    : undefined;
  const avatar = p.avatar;
  const image =
    avatar && p.gallery.some((m) => m.image?.path === avatar.path && m.visibility === "public")
      ? `${origin}${mediaFallbackUrl(avatar, MEDIA_VARIANT_MAX_WIDTH)}`
      : undefined;
  return {
    "@context": "https://schema.org",
    "@type": p.userType === USER_TYPE.business ? "LocalBusiness" : "Person",
    name: p.displayName,
    url,
    ...(image ? { image } : {}),
    ...(address ? { address } : {}),
  };
}
