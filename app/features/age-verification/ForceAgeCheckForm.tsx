/**
 * The team's forced age check (ADR 105) as one plain form: a member's id, force or lift, and the reason the audit
 * trail keeps. Placed where staff meet a member (the reports queue) and on its own page (backoffice/age-check/{id}),
 * which answers the post.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextAreaField } from "~/components/FieldControls";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./age-verification.css";

export function ForceAgeCheckForm({
  memberId,
  errors,
  reason,
  open = false,
}: {
  memberId: number;
  errors?: string[];
  reason?: string;
  open?: boolean;
}) {
  const { t } = useTranslation("age-verification");
  const to = useLocalePath();
  return (
    <details className={css.force} open={open || undefined} data-testid="force-age-check">
      <summary className={css.forceSummary}>{t("age_verification.backoffice.summary")}</summary>
      <Form method="post" action={to(`backoffice/age-check/${memberId}`)} className={ui.stack}>
        <TextAreaField
          id={`age-check-reason-${memberId}`}
          name="reason"
          label={t("age_verification.backoffice.reason")}
          hint={t("age_verification.backoffice.reason_hint")}
          rows={2}
          maxLength={500}
          defaultValue={reason}
          errors={errors}
        />
        <div className={css.forceButtons}>
          <button className={ui.button} type="submit" name="action" value="force">
            {t("age_verification.backoffice.force")}
          </button>
          <button className={ui.buttonSecondary} type="submit" name="action" value="lift">
            {t("age_verification.backoffice.lift")}
          </button>
        </div>
      </Form>
    </details>
  );
}
