/**
 * What the owner of a profile form learns about their texts under review (ADR 030): which wait for a team
 * member, and which were refused lately, with the reason. Nothing when no text is under review.
 */
import { useTranslation } from "react-i18next";
import type { MyModeration } from "#server/contract/moderation";
import { textFieldLabel } from "#server/contract/reviewed-text";
import * as ui from "~/styles/ui.css";

/** `withIntro`: false when the page's "saved" notice has just said what review means (issue 25 item 6). */
export function TextReviewNotice({ reviews, withIntro = true }: { reviews: MyModeration["texts"]; withIntro?: boolean }) {
  const { t } = useTranslation("moderation");
  if (reviews.length === 0) return null;
  return (
    // A refusal needs the member's attention (the alert colours); a text that only waits does not.
    <section
      className={reviews.some((review) => review.status !== 0) ? ui.alert : ui.notice}
      style={{ marginBottom: "16px" }}
      aria-labelledby="text-review-title"
      data-testid="text-reviews"
    >
      <h2 id="text-review-title" className={ui.sectionTitle} style={{ marginTop: 0 }}>
        {t("moderation.owner.title")}
      </h2>
      {withIntro ? <p>{t("moderation.owner.intro")}</p> : null}
      <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
        {reviews.map((review) => {
          const field = t(`moderation.fields.${textFieldLabel(review.field)}`);
          return (
            <li key={review.field} data-field={review.field} data-status={review.status}>
              {review.status === 0
                ? t("moderation.owner.pending", { field })
                : t("moderation.owner.rejected", { field, reason: t(`moderation.reasons.${review.reason ?? "terms"}`) })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The notice as its server island draws it (./TextReviewIsland, ADR 167). */
export default function TextReviewPart({ data, withIntro }: { data: MyModeration["texts"]; withIntro: boolean }) {
  return <TextReviewNotice reviews={data} withIntro={withIntro} />;
}
