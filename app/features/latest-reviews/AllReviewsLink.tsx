/** The way to the platform's reviews page from a profile's reviews tab: where a visitor reading reviews looks next. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

export function AllReviewsLink({ lang }: { lang: Language }) {
  const { t } = useTranslation("latest-reviews");
  return (
    <p>
      <Link className={ui.buttonSecondary} to={localePath(lang, "reviews")} data-testid="all-reviews-link">
        {t("latest_reviews.all_link")}
      </Link>
    </p>
  );
}
