/** user/date_review_display, the page: whether the reviews of dates and their average show on the profile. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";

export function ReviewDisplayPage({
  display,
  saved,
  formErrors,
}: {
  display: { showReviews: boolean; showRating: boolean; reviewCount: number };
  saved: boolean;
  formErrors: string[];
}) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.back} to={to("user")}>
          {t("settings.back")}
        </Link>
        <h1>{t("settings.pages.date_review_display.title")}</h1>
        <p className={ui.muted}>{t("settings.review_display.intro")}</p>
        {saved ? (
          <p className={ui.notice} role="status" data-testid="settings-notice">
            {t("settings.review_display.saved")}
          </p>
        ) : null}
        <FormErrors errors={formErrors} />
        <p data-testid="review-count">
          {display.reviewCount === 0
            ? t("settings.review_display.none_yet")
            : t("settings.review_display.count", { count: display.reviewCount })}
        </p>
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          <CheckboxField label={t("settings.review_display.show_reviews")} name="show_reviews" defaultChecked={display.showReviews} />
          <CheckboxField label={t("settings.review_display.show_rating")} name="show_rating" defaultChecked={display.showRating} />
          <div className={ui.row}>
            <button className={ui.button} type="submit">
              {t("settings.save")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
