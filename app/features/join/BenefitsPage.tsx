/**
 * join/benefits and join/business-benefits: what plus membership (and, for
 * businesses, the business account) brings — spec section 6. Content is
 * lists of translation keys, so every language shows the same points.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./signup.css";

export interface BenefitSection {
  /** join.benefits.<key>.title and .items.<item> */
  key: string;
  items: readonly string[];
}

export const CLIENT_PLUS = [
  "unlimited_contact",
  "exclusive_media",
  "visitors_and_favorites",
  "invisible",
  "notes",
  "ad_free",
  "advanced_filters",
] as const;
export const PROVIDER_PLUS = [
  "unlimited_contact",
  "visitors",
  "search_position",
  "invisible",
  "free_rise_up",
  "trust_level",
  "ad_free",
] as const;
export const RISE_UP = ["top_escort_first", "search_first", "no_contact_limit"] as const;
export const BUSINESS_ACCOUNT = ["linked_profiles", "own_page", "schedule", "reviews", "events"] as const;

export function BenefitsPage({
  title,
  intro,
  sections,
  cta,
}: {
  title: string;
  intro: string;
  sections: BenefitSection[];
  cta: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <h1>{title}</h1>
      <p>{intro}</p>
      <div className={css.benefitGrid}>
        {sections.map((section) => (
          <section key={section.key} className={ui.card} data-benefits={section.key}>
            <h2>{t(`join.benefits.${section.key}.title`)}</h2>
            <ul className={css.benefitList}>
              {section.items.map((item) => (
                <li key={item}>{t(`join.benefits.${section.key}.items.${item}`)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className={ui.row}>
        <Link className={ui.linkButton} to={to(cta.to)}>
          {cta.label}
        </Link>
      </p>
    </main>
  );
}
