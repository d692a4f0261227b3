/**
 * The profile's facts: characteristics (body, traits, languages) of a person, or an agency's or club's own facts
 * (kind, place, languages, its escorts; ADR 069), and, for escorts and businesses, services, prices, schedule.
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "@remix-run/react";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { wholeEuros } from "#server/contract/prices";
import { findTraitGroup, TRAIT_GROUPS, traitLabelKey, traitTitleKey } from "#server/contract/traits";
import type { ProfileDetail } from "~/api/profiles.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { priceText } from "~/utils/money";
import * as css from "../profile.css";

/** Trait groups shown under "characteristics" (languages get their own line; escort_service under services). */
const SERVICE_GROUPS = new Set([
  "escort_service",
  "meeting_option",
  "customer_type",
  "escort_role",
  "company_service",
  "company_room",
  "company_bizarre",
  "environment",
]);

function optionLabel(t: TFunction, groupKey: string, optionId: number): string | null {
  const option = findTraitGroup(groupKey)?.options.find((o) => o.id === optionId);
  return option ? t(traitLabelKey(groupKey, option.key)) : null;
}

function genderLabel(t: TFunction, gender: number | null): string | null {
  if (gender === null) return null;
  const names: Record<number, string> = {
    1: "male",
    2: "female",
    3: "trans",
    6: "female_female",
    7: "couple_female_male",
    8: "trans_female",
    9: "male_male",
    10: "trans_male",
    11: "trans_trans",
  };
  return names[gender] ? t(`traits.gender.${names[gender]}`) : null;
}

/** The labels of the profile's choices, by trait group. */
function useTraitLabels(profile: ProfileDetail) {
  const { t } = useTranslation();
  const traitsByGroup = new Map(profile.traits.map((g) => [g.groupKey, g.optionIds]));
  const labelsOf = (group: string) =>
    (traitsByGroup.get(group) ?? []).map((id) => optionLabel(t, group, id)).filter((l): l is string => l !== null);
  return { has: (group: string) => traitsByGroup.has(group), labelsOf };
}

export function CharacteristicsSection({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  const traits = useTraitLabels(profile);
  const characteristicGroups = TRAIT_GROUPS.filter((g) => !SERVICE_GROUPS.has(g.key) && g.key !== "languages" && traits.has(g.key));
  const a = profile.appearance;
  const measures: Array<[string, string]> = [];
  const gender = genderLabel(t, profile.gender);
  if (gender) measures.push([t("traits.gender._title"), gender]);
  if (a.heightCm !== null) measures.push([t("profile.appearance.height"), t("profile.appearance.cm", { value: a.heightCm })]);
  if (a.weightKg !== null) measures.push([t("profile.appearance.weight"), t("profile.appearance.kg", { value: a.weightKg })]);
  if (a.penisLengthCm !== null)
    measures.push([t("profile.appearance.penis_length"), t("profile.appearance.cm", { value: a.penisLengthCm })]);
  if (a.penisDiameterCm !== null)
    measures.push([t("profile.appearance.penis_diameter"), t("profile.appearance.cm", { value: a.penisDiameterCm })]);
  if (a.isSmoker !== null) measures.push([t("profile.appearance.smoker"), t(a.isSmoker ? "profile.yes" : "profile.no")]);
  if (profile.texts.profession) measures.push([t("profile.about.profession"), profile.texts.profession]);
  const languages = traits.labelsOf("languages");
  return (
    <section className={css.section} aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t("profile.characteristics.title")}</h2>
      {measures.length + characteristicGroups.length + languages.length > 0 ? (
        <dl className={css.facts}>
          {measures.map(([term, value]) => (
            <Fact key={term} term={term} value={value} />
          ))}
          {characteristicGroups.map((g) => (
            <Fact key={g.key} term={t(traitTitleKey(g.key))} value={traits.labelsOf(g.key).join(", ")} />
          ))}
          {languages.length > 0 ? <Fact term={t("traits.languages._title")} value={languages.join(", ")} /> : null}
        </dl>
      ) : (
        <p className={ui.muted}>{t("profile.characteristics.empty")}</p>
      )}
    </section>
  );
}

/**
 * An agency's or club's facts in place of a person's (ADR 069): what kind of business, where, which languages are
 * spoken, and the escorts who agreed to be listed. Never gender, age or body: a business has none.
 */
export function BusinessFactsSection({ profile, lang }: { profile: ProfileDetail; lang: Language }) {
  const { t } = useTranslation();
  const traits = useTraitLabels(profile);
  const business = profile.business;
  const facts: Array<[string, string]> = [];
  if (business?.kind === "agency" || business?.kind === "club")
    facts.push([t("profile.business.kind"), t(`profile.business.kind_${business.kind}`)]);
  if (profile.location.cityName) facts.push([t("profile.business.city"), profile.location.cityName]);
  const languages = traits.labelsOf("languages");
  if (languages.length > 0) facts.push([t("traits.languages._title"), languages.join(", ")]);
  const escorts = business?.escorts ?? [];
  return (
    <>
      <section className={css.section} aria-labelledby="facts-heading" data-testid="business-facts">
        <h2 id="facts-heading">{t("profile.business.title")}</h2>
        {facts.length > 0 ? (
          <dl className={css.facts}>
            {facts.map(([term, value]) => (
              <Fact key={term} term={term} value={value} />
            ))}
          </dl>
        ) : (
          <p className={ui.muted}>{t("profile.business.empty")}</p>
        )}
      </section>
      <section className={css.section} aria-labelledby="escorts-heading">
        <h2 id="escorts-heading">{t("profile.business.escorts_title")}</h2>
        {escorts.length > 0 ? (
          <ul className={css.escortList} data-testid="business-escorts">
            {escorts.map((escort) => (
              <li key={escort.username}>
                <Link className={css.escortLink} to={localePath(lang, `p/${escort.username}`)}>
                  {escort.displayName}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.muted}>{t("profile.business.escorts_empty", { name: profile.displayName })}</p>
        )}
      </section>
    </>
  );
}

// Intl formatters are costly to build (a profile page would build dozens): one per language, made once.
const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();

function durationLabel(t: TFunction, minutes: number): string {
  return minutes % 60 === 0 ? t("profile.prices.hours", { count: minutes / 60 }) : t("profile.prices.minutes", { count: minutes });
}

function weekdayName(lang: Language, day: number): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { weekday: "long", timeZone: "UTC" });
    weekdayFormats.set(lang, format);
  }
  // 2024-01-01 was a Monday: ISO day 1.
  return format.format(new Date(Date.UTC(2024, 0, day)));
}

/** Services, prices, working hours and the contact rules (escorts and businesses). */
export function ServicesSection({ profile, lang, signedIn }: { profile: ProfileDetail; lang: Language; signedIn: boolean }) {
  const { t } = useTranslation();
  const traits = useTraitLabels(profile);
  const serviceGroups = TRAIT_GROUPS.filter((g) => SERVICE_GROUPS.has(g.key) && traits.has(g.key));
  return (
    <section className={css.section} aria-labelledby="services-heading">
      <h2 id="services-heading">{t("profile.services.title")}</h2>
      {serviceGroups.length > 0 ? (
        <dl className={css.facts}>
          {serviceGroups.map((g) => (
            <Fact key={g.key} term={t(traitTitleKey(g.key))} value={traits.labelsOf(g.key).join(", ")} />
          ))}
        </dl>
      ) : (
        <p className={ui.muted}>{t("profile.services.empty")}</p>
      )}
      <h3>{t("profile.prices.title")}</h3>
      {profile.prices.times.length + profile.prices.extras.length > 0 ? (
        <table className={css.table}>
          <tbody>
            {profile.prices.times.map((p) => (
              <tr key={`t${p.durationMinutes}`}>
                <th className={css.cell} scope="row">
                  {durationLabel(t, p.durationMinutes)}
                </th>
                <td className={css.cell}>{priceText(t, lang, wholeEuros(p.priceEur))}</td>
              </tr>
            ))}
            {profile.prices.extras.map((p, i) => (
              <tr key={`e${i}`}>
                <th className={css.cell} scope="row">
                  {p.name}
                </th>
                <td className={css.cell}>+ {priceText(t, lang, wholeEuros(p.priceEur))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={ui.muted}>{t("profile.prices.empty")}</p>
      )}
      <h3>{t(profile.business ? "profile.schedule.title_business" : "profile.schedule.title")}</h3>
      {profile.workHours.schedule.length > 0 ? (
        <table className={css.table}>
          <tbody>
            {profile.workHours.schedule.map((s, i) => (
              <tr key={i}>
                <th className={css.cell} scope="row">
                  {weekdayName(lang, s.day)}
                </th>
                <td className={css.cell}>
                  {t(s.isOverDay ? "profile.schedule.slot_over_day" : "profile.schedule.slot", { from: s.timeFrom, to: s.timeTo })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={ui.muted}>{t("profile.schedule.empty")}</p>
      )}
      <h3>{t("profile.contact.title")}</h3>
      <p>{t(signedIn ? "profile.contact.rules_member" : "profile.contact.rules_guest")}</p>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className={css.factTerm}>{term}</dt>
      <dd className={css.factValue}>{value}</dd>
    </>
  );
}
