/** The report form of a live stream or a recording (ADR 038, 126): the reason, the explanation, the good-faith box. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/FieldControls";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { ReportFields } from "~/features/reports/ReportFields";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import * as ui from "~/styles/ui.css";
import type { LiveReportKind } from "./report.server";

export function LiveReportPage({
  kind,
  title,
  backPath,
  done,
  failure,
}: {
  kind: LiveReportKind;
  title: string;
  backPath: string;
  done: boolean;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("live-chat");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1 style={{ margin: 0, fontSize: "1.3rem" }}>{title}</h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="live-report-done">
            {t("live_chat.report.done")}
          </p>
        ) : (
          <>
            <p className={ui.muted}>{t("live_chat.report.intro")}</p>
            <Form method="post" className={ui.stack} noValidate data-testid="live-report-form">
              <FormErrors errors={failure ? errorsBesides(failure, REPORT_FORM_FIELDS) : []} />
              <ReportFields kind={kind} values={failure?.input ?? {}} errors={(field) => failure?.fieldErrors[field]} rows={3} />
              <p style={{ margin: 0 }}>
                <button type="submit" className={ui.button}>
                  {t("live_chat.report.submit")}
                </button>
              </p>
            </Form>
          </>
        )}
        <Link className={ui.linkButton} to={backPath}>
          {t(kind === "live" ? "live_chat.page.back" : "live_chat.report.back_recording")}
        </Link>
      </div>
    </main>
  );
}
