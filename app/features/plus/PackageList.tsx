/**
 * The plus packages as cards with a buy link each (user/membership for non-members, join/benefits and
 * join/business-benefits). Prices come from the one table (contract/plus-packages); buying starts the checkout.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import { plusPackageTitleKey } from "#server/contract/plus-package-table";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import * as css from "./plus.css";

export interface PackageCard {
  id: string;
  months: number;
  renewable: boolean;
  grossCents: number;
}

export function PackageList({ heading, packages, headingLevel = 2 }: { heading: string; packages: PackageCard[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("plus");
  const lang = useLang();
  const price = usePriceText();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={ui.stack} data-testid="plus-packages">
      <Heading>{heading}</Heading>
      <ul className={css.packageGrid}>
        {packages.map((pkg) => (
          <li key={pkg.id} className={css.packageCard} data-package={pkg.id}>
            <strong>{t(plusPackageTitleKey(pkg))}</strong>
            <span className={css.packagePrice}>{price({ amount: pkg.grossCents, currency: "EUR" })}</span>
            {pkg.months > 1 ? (
              <span className={ui.muted}>
                {t("plus.packages.per_month", { price: price({ amount: Math.round(pkg.grossCents / pkg.months), currency: "EUR" }) })}
              </span>
            ) : null}
            <span className={ui.muted}>{pkg.renewable ? t("plus.packages.renewing_note") : t("plus.packages.once_note")}</span>
            <Link className={ui.linkButton} to={checkoutPath(lang, "membership", pkg.id)}>
              {t("plus.packages.buy")}
            </Link>
          </li>
        ))}
      </ul>
      <p className={ui.muted}>{t("plus.packages.prices_note")}</p>
    </section>
  );
}
