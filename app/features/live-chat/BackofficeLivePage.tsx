/** backoffice/live (ADR 126): end a stream now; suspend or lift a creator's live access. Plain forms, not hydrated. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REPORT_LIMITS } from "#server/contract/reports";
import { LIVE_SUSPENSION_MAX_DAYS } from "#server/contract/live-chat";
import type { LiveSuspensionData } from "~/api/live-chat.server";

import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import type { Language } from "#server/contract/locales";
import type { BackofficeLiveDone } from "./backoffice-live.server";

function StaffForm({
  intent,
  title,
  idName,
  idLabel,
  idValue,
  failure,
  submit,
  days,
}: {
  intent: "end" | "suspend" | "lift";
  title: string;
  idName: "stream_id" | "member_id";
  idLabel: string;
  idValue: number | null;
  failure: FormReply | null;
  submit: string;
  days?: boolean;
}) {
  const { t } = useTranslation("live-chat");
  const mine = failure?.intent === intent ? failure : null;
  const fields = [idName, "statement", ...(days ? ["days"] : [])];
  return (
    <Form method="post" className={ui.card} noValidate data-testid={`backoffice-live-${intent}`}>
      <div className={ui.stack}>
        <h2 className={ui.sectionTitle} style={{ margin: 0 }}>
          {title}
        </h2>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={mine ? errorsBesides(mine, fields) : []} />
        <Field
          id={`${intent}-${idName}`}
          name={idName}
          label={idLabel}
          inputMode="numeric"
          defaultValue={mine ? inputText(mine, idName) : (idValue ?? "")}
          errors={mine?.fieldErrors[idName]}
        />
        {days ? (
          <Field
            id={`${intent}-days`}
            name="days"
            label={t("live_chat.backoffice.days")}
            hint={t("live_chat.backoffice.days_hint", { max: LIVE_SUSPENSION_MAX_DAYS })}
            inputMode="numeric"
            defaultValue={mine ? inputText(mine, "days") : ""}
            errors={mine?.fieldErrors.days}
          />
        ) : null}
        <TextAreaField
          id={`${intent}-statement`}
          name="statement"
          label={t("live_chat.backoffice.statement")}
          hint={t("live_chat.backoffice.statement_hint", { min: REPORT_LIMITS.statementMin })}
          rows={3}
          maxLength={REPORT_LIMITS.statementMax}
          defaultValue={mine ? inputText(mine, "statement") : ""}
          errors={mine?.fieldErrors.statement}
        />
        <p style={{ margin: 0 }}>
          <button type="submit" className={ui.button}>
            {submit}
          </button>
        </p>
      </div>
    </Form>
  );
}

export function BackofficeLivePage({
  title,
  stream,
  member,
  suspension,
  done,
  failure,
  lang,
}: {
  title: string;
  stream: number | null;
  member: number | null;
  suspension: LiveSuspensionData | null;
  done: BackofficeLiveDone | null;
  failure: FormReply | null;
  lang: Language;
}) {
  const { t } = useTranslation("live-chat");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1 style={{ margin: 0, fontSize: "1.3rem" }}>{title}</h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="backoffice-live-done">
            {t(`live_chat.backoffice.done_${done}`)}
          </p>
        ) : null}
        {suspension ? (
          <p className={ui.muted} data-testid="backoffice-live-state">
            {suspension.suspended
              ? suspension.until === null
                ? t("live_chat.backoffice.state_until_lifted", { member: suspension.memberId })
                : t("live_chat.backoffice.state_until", { member: suspension.memberId, date: formatHomeMoment(suspension.until, lang) })
              : t("live_chat.backoffice.state_free", { member: suspension.memberId })}
          </p>
        ) : null}
        <StaffForm
          intent="end"
          title={t("live_chat.backoffice.end_title")}
          idName="stream_id"
          idLabel={t("live_chat.backoffice.stream_id")}
          idValue={stream}
          failure={failure}
          submit={t("live_chat.backoffice.end_submit")}
        />
        <StaffForm
          intent="suspend"
          title={t("live_chat.backoffice.suspend_title")}
          idName="member_id"
          idLabel={t("live_chat.backoffice.member_id")}
          idValue={member}
          failure={failure}
          submit={t("live_chat.backoffice.suspend_submit")}
          days
        />
        <StaffForm
          intent="lift"
          title={t("live_chat.backoffice.lift_title")}
          idName="member_id"
          idLabel={t("live_chat.backoffice.member_id")}
          idValue={member}
          failure={failure}
          submit={t("live_chat.backoffice.lift_submit")}
        />
      </div>
    </main>
  );
}
