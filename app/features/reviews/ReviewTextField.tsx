/**
 * The two free texts of the reviews feature, each with its limits from the contract: the review's text (the add
 * form) and the reviewed member's one answer (the detail page).
 */
import { useTranslation } from "react-i18next";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "#server/contract/reviews";
import { TextAreaField } from "~/components/FieldControls";

const FIELDS = {
  text: {
    id: "review-text",
    label: "reviews.form.text_label",
    hint: "reviews.form.text_hint",
    min: REVIEW_TEXT_MIN,
    max: REVIEW_TEXT_MAX,
    rows: 6,
  },
  comment: {
    id: "review-comment",
    label: "reviews.detail.comment_label",
    hint: "reviews.detail.comment_hint",
    min: REVIEW_COMMENT_MIN,
    max: REVIEW_COMMENT_MAX,
    rows: 4,
  },
} as const;

export function ReviewTextField({
  name,
  value,
  errors,
}: {
  name: keyof typeof FIELDS;
  value: string | undefined;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation("reviews");
  const field = FIELDS[name];
  return (
    <TextAreaField
      id={field.id}
      name={name}
      label={t(field.label)}
      hint={t(field.hint, { min: field.min, max: field.max })}
      rows={field.rows}
      maxLength={field.max}
      defaultValue={value}
      errors={errors}
    />
  );
}
