/** user/date_review_display, the page: whether the reviews of dates and their average show on the profile. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { SettingsFrame, SettingsSaveButton } from "./SettingsFrame";

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
  return (
    <SettingsFrame
      title={t("settings.pages.date_review_display.title")}
      intro={t("settings.review_display.intro")}
      notice={saved ? t("settings.review_display.saved") : null}
    >
      <FormErrors errors={formErrors} />
      <p data-testid="review-count">
        {display.reviewCount === 0
          ? t("settings.review_display.none_yet")
          : t("settings.review_display.count", { count: display.reviewCount })}
      </p>
      <Form method="post" className={`${ui.card} ${ui.stack}`}>
        <CheckboxField label={t("settings.review_display.show_reviews")} name="show_reviews" defaultChecked={display.showReviews} />
        <CheckboxField label={t("settings.review_display.show_rating")} name="show_rating" defaultChecked={display.showRating} />
        <SettingsSaveButton />
      </Form>
    </SettingsFrame>
  );
}
