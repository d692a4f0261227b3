/**
 * The public notice form (DSA Art. 16; ADR 038): the exact address, what is wrong (the report types), the
 * explanation, name and e-mail (not needed for a report about a minor), and the good-faith statement.
 * Works without JavaScript.
 */
import { Form, Link, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REPORT_LIMITS, type ReportReceipt } from "#server/contract/reports";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import { Field, FormErrors, Honeypot } from "~/components/Field";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import * as css from "~/components/info/info.css";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { errorsBesides, inputTexts, type FormReply } from "~/components/form/reply";
import { NOTICE_FIELDS } from "./notice-fields";
import { prefilledLocation } from "./prefill";
import { ReportTypeSelect } from "./ReportTypeSelect";

const MESSAGE_PARAMS: Record<string, { requirement: number }> = {
  "validation.reports.text_too_short": { requirement: REPORT_LIMITS.textMin },
  "validation.reports.text_too_long": { requirement: REPORT_LIMITS.textMax },
  "validation.reports.name_too_long": { requirement: REPORT_LIMITS.nameMax },
};

/** What the page says after a notice, by what became of its receipt (ADR 059). */
const SENT_TEXTS: Record<ReportReceipt, string> = {
  sent: "info.removal.sent",
  confirmation_sent: "info.removal.sent_confirm",
  confirmation_limited: "info.removal.sent_limited",
  none: "info.removal.sent_anonymous",
};

/** The notice above the page once a notice was filed (`?sent=1&receipt=…`). */
export function NoticeSent({ receipt }: { receipt: string | null }) {
  const { t } = useTranslation("info");
  const key = (SENT_TEXTS as Record<string, string>)[receipt ?? ""] ?? SENT_TEXTS.sent;
  return (
    <p className={ui.notice} role="status" data-testid="removal-sent" data-receipt={receipt ?? ""}>
      {t(key)}
    </p>
  );
}

/** The form, empty or filled with a refused post's input and errors (its reply). */
export function NoticeForm({ failure }: { failure: FormReply | null }) {
  const { t } = useTranslation("reports");
  const { t: tInfo } = useTranslation("info");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const [searchParams] = useSearchParams();
  const origin = useRouteLoaderData<{ origin?: string }>("root")?.origin ?? "";
  const sent = searchParams.get("sent") === "1" && !failure;
  const input: Record<string, string> = failure ? inputTexts(failure) : { url: prefilledLocation(origin, searchParams.get("location")) };
  const errors = (field: string) => (failure?.fieldErrors[field] ?? []).map((key) => translateMessage(tCommon, key, MESSAGE_PARAMS[key]));
  return (
    <section id="notice-form" className={css.formSection} aria-labelledby="notice-form-heading">
      <h2 id="notice-form-heading">{tInfo("info.removal.form_heading")}</h2>
      {sent ? (
        <p>{tInfo("info.removal.sent_next")}</p>
      ) : (
        <Form method="post" action={to(`about/${CONTENT_REMOVAL_PAGE_KEY}`)} className={ui.stack} noValidate>
          <p className={ui.muted}>{t("reports.notice.intro")}</p>
          <FormErrors errors={(failure ? errorsBesides(failure, NOTICE_FIELDS) : []).map((key) => translateMessage(tCommon, key))} />
          <Honeypot />
          <Field
            label={t("reports.notice.url")}
            hint={t("reports.notice.url_hint")}
            name="url"
            type="url"
            inputMode="url"
            maxLength={REPORT_LIMITS.urlMax}
            defaultValue={input.url}
            errors={errors("url")}
          />
          <ReportTypeSelect kind="page" id="notice-type" defaultValue={input.type} errors={failure?.fieldErrors.type} />
          <TextAreaField
            label={t("reports.notice.text")}
            hint={t("reports.notice.text_hint", { min: REPORT_LIMITS.textMin })}
            name="text"
            rows={6}
            maxLength={REPORT_LIMITS.textMax}
            defaultValue={input.text}
            errors={errors("text")}
          />
          <Field
            label={tInfo("info.removal.name")}
            hint={t("reports.notice.name_hint")}
            name="name"
            autoComplete="name"
            maxLength={REPORT_LIMITS.nameMax}
            defaultValue={input.name}
            errors={errors("name")}
          />
          <Field
            label={tInfo("info.removal.email")}
            hint={tInfo("info.removal.email_hint")}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={input.email}
            errors={errors("email")}
          />
          <CheckboxField
            label={t("reports.form.good_faith")}
            name="good_faith"
            defaultChecked={input.good_faith === "on"}
            errors={errors("good_faith")}
          />
          <p className={ui.muted}>
            {tInfo("info.removal.privacy_hint")} <Link to={to("legal/data_privacy_statement")}>{tInfo("info.removal.privacy_link")}</Link>
          </p>
          <div>
            <button className={ui.button} type="submit">
              {tInfo("info.removal.submit")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
