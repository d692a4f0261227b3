/**
 * The page of a guest's confirmation link (ADR 059): one button that confirms the address (a plain form post), then
 * the note that the receipt is on its way. An invalid, expired or used link says so and leads back to the form.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import { REPORT_CONFIRMATION_INVALID } from "#server/contract/reports";
import { FormErrors } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { allErrors, type FormReply } from "~/components/form/reply";

export interface NoticeConfirmView {
  token: string;
  done: string | null;
}

/** `failure`: a refused post's reply (readReply of the action's lastResult); a button-only form shows every error above it. */
export function NoticeConfirmPage({ view, failure }: { view: NoticeConfirmView; failure: FormReply | null }) {
  const { t } = useTranslation("reports");
  const to = useLocalePath();
  const backToForm = <Link to={to(`about/${CONTENT_REMOVAL_PAGE_KEY}`)}>{t("reports.confirm.to_form")}</Link>;
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1>{t("reports.confirm.title")}</h1>
        {view.done ? (
          <p className={ui.notice} role="status" data-testid="notice-confirmed">
            {t("reports.confirm.done", { reference: view.done })}
          </p>
        ) : failure || !view.token ? (
          <>
            <FormErrors errors={failure ? allErrors(failure) : [REPORT_CONFIRMATION_INVALID]} />
            <p>{backToForm}</p>
          </>
        ) : (
          <Form method="post" className={ui.stack}>
            <p>{t("reports.confirm.intro")}</p>
            <input type="hidden" name="token" value={view.token} />
            <div>
              <button className={ui.button} type="submit">
                {t("reports.confirm.submit")}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
