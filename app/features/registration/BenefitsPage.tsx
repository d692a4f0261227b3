/**
 * join/benefits and join/business-benefits: what plus membership (and, for
 * businesses, the business account) brings — spec section 6. Content is
 * lists of translation keys, so every language shows the same points.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { plusBenefitLabels } from "#server/contract/entitlements";
import { plusPackagesFor, type PlusAudience } from "#server/contract/plus-package-table";
import { PackageList } from "~/features/plus/PackageList";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./sign-up.css";

export interface BenefitSection {
  /** join.benefits.<key>.title and .items.<item> */
  key: string;
  items: readonly string[];
}

/** Plus, as the entitlements kernel's one list names it for each kind (contract/entitlements, ADR 061). */
export const CLIENT_PLUS = plusBenefitLabels("client");
export const PROVIDER_PLUS = plusBenefitLabels("provider");
export const RISE_UP = ["top_escort_first", "search_first", "no_contact_limit"] as const;
export const BUSINESS_ACCOUNT = ["linked_profiles", "own_page", "schedule", "reviews", "events"] as const;

/** The two benefits pages: what each shows and where its call to action leads. */
export const BENEFIT_PAGES = {
  plus: {
    metaTitleKey: "registration.benefits.meta_title",
    introKey: "registration.benefits.intro",
    sections: [
      { key: "client_plus", items: CLIENT_PLUS },
      { key: "provider_plus", items: PROVIDER_PLUS },
      { key: "rise_up", items: RISE_UP },
    ],
    cta: { to: "join/user", labelKey: "registration.benefits.cta" },
    packages: ["client", "escort"],
  },
  business: {
    metaTitleKey: "registration.benefits.business_meta_title",
    introKey: "registration.benefits.business_intro",
    sections: [
      { key: "business_account", items: BUSINESS_ACCOUNT },
      { key: "provider_plus", items: PROVIDER_PLUS },
    ],
    cta: { to: "join/business", labelKey: "registration.benefits.business_cta" },
    packages: ["business"],
  },
} satisfies Record<
  string,
  { metaTitleKey: string; introKey: string; sections: BenefitSection[]; cta: { to: string; labelKey: string }; packages: PlusAudience[] }
>;
export type BenefitPageKind = keyof typeof BENEFIT_PAGES;

/** A benefits route's page: title and intro come translated from the loader (they are also its meta). */
export function BenefitsRoutePage({ kind }: { kind: BenefitPageKind }) {
  const { title, description } = useLoaderData<{ title: string; description: string }>();
  const { t } = useTranslation();
  const page = BENEFIT_PAGES[kind];
  return (
    <BenefitsPage
      title={title}
      intro={description}
      sections={page.sections}
      cta={{ to: page.cta.to, label: t(page.cta.labelKey) }}
      packages={page.packages}
    />
  );
}

export function BenefitsPage({
  title,
  intro,
  sections,
  cta,
  packages = [],
}: {
  title: string;
  intro: string;
  sections: BenefitSection[];
  cta: { to: string; label: string };
  /** Whose plus packages to list with their buy links (contract/plus-packages, the one price table). */
  packages?: readonly PlusAudience[];
}) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation("plus");
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <h1>{title}</h1>
      <p>{intro}</p>
      <div className={css.benefitGrid}>
        {sections.map((section) => (
          <section key={section.key} className={ui.card} data-benefits={section.key}>
            <h2>{t(`registration.benefits.${section.key}.title`)}</h2>
            <ul className={css.benefitList}>
              {section.items.map((item) => (
                <li key={item}>{t(`registration.benefits.${section.key}.items.${item}`)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {packages.map((audience) => (
        <PackageList
          key={audience}
          heading={tp(`plus.packages.heading_${audience}`)}
          packages={plusPackagesFor(audience, "standard").map((p) => ({
            id: p.id,
            months: p.months,
            renewable: p.renewable,
            grossCents: p.gross_cents,
          }))}
        />
      ))}
      <p className={ui.row}>
        <Link className={ui.linkButton} to={to(cta.to)}>
          {cta.label}
        </Link>
      </p>
    </main>
  );
}
