/**
 * The warning list in the back office (ADR 121): the team's queue of clients reported by enough verified escorts
 * (confirm or reject, with a reason for the trail) and backend staff's objections (lift or keep). Each item is one
 * plain form; a refused decision shows at its item. The reporters are never shown — only how many, what and when.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WARNING_DECISION_REASON_MAX } from "#server/contract/warnings";
import type { Language } from "#server/contract/locales";
import type { WarningCandidateData, WarningObjectionData } from "~/api/warnings.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./warnings.css";

function DecisionForm({
  id,
  outcomes,
  failure,
  prefix,
}: {
  id: number;
  outcomes: readonly string[];
  failure: FormReply | null;
  /** The key prefix of the outcome labels and the button ("warnings.queue" or "warnings.objections"). */
  prefix: string;
}) {
  const { t } = useTranslation("warnings");
  const { t: tCommon } = useTranslation();
  const outcomeError = failure?.fieldErrors.outcome?.[0];
  const chosen = failure ? inputText(failure, "outcome") : "";
  return (
    <Form method="post" className={ui.stack}>
      <input type="hidden" name="id" value={id} />
      {failure ? <FormErrors errors={errorsBesides(failure, ["outcome", "reason"]).map((key) => translateMessage(tCommon, key))} /> : null}
      <fieldset
        className={ui.stack}
        aria-describedby={outcomeError ? `outcome-${id}-error` : undefined}
        style={{ border: 0, padding: 0, margin: 0 }}
      >
        <legend className={ui.label}>{t("warnings.decision")}</legend>
        {outcomes.map((outcome) => (
          <label key={outcome} className={css.choice}>
            <input type="radio" name="outcome" value={outcome} className={ui.choiceControl} defaultChecked={chosen === outcome} />
            {t(`${prefix}.outcome_${outcome}`)}
          </label>
        ))}
        <ErrorLine id={`outcome-${id}-error`} name="outcome" message={outcomeError ? translateMessage(tCommon, outcomeError) : undefined} />
      </fieldset>
      <TextAreaField
        id={`reason-${id}`}
        name="reason"
        label={t("warnings.reason")}
        hint={t("warnings.reason_hint")}
        rows={2}
        maxLength={WARNING_DECISION_REASON_MAX}
        defaultValue={failure ? inputText(failure, "reason") : undefined}
        errors={failure?.fieldErrors.reason}
      />
      <div>
        <button className={ui.button} type="submit">
          {t(`${prefix}.decide`)}
        </button>
      </div>
    </Form>
  );
}

function QueueFrame<Item extends { id: number }>({
  prefix,
  lang,
  items,
  done,
  failure,
  renderItem,
}: {
  prefix: "warnings.queue" | "warnings.objections";
  lang: Language;
  items: Item[];
  done: string | null;
  failure: FormReply | null;
  renderItem: (item: Item, failure: FormReply | null) => ReactNode;
}) {
  const { t } = useTranslation("warnings");
  const failedId = failure ? Number(failure.input.id) : null;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice")}>{t("warnings.back_office")}</Link>
        </p>
        <h1>{t(`${prefix}.title`)}</h1>
        <p className={ui.muted}>{t(`${prefix}.intro`)}</p>
        {done ? (
          <p className={ui.notice} role="status" data-testid="warnings-done">
            {t(`${prefix}.done_${done}`)}
          </p>
        ) : null}
        {failure && !items.some((item) => item.id === failedId) ? <FormErrors errors={errorsBesides(failure, [])} /> : null}
        {items.length === 0 ? (
          <p className={ui.card} data-testid="warnings-empty">
            {t(`${prefix}.empty`)}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="warnings-queue">
            {items.map((item) => renderItem(item, failure && failedId === item.id ? failure : null))}
          </ul>
        )}
      </div>
    </main>
  );
}

export function WarningQueuePage({
  lang,
  items,
  done,
  failure,
}: {
  lang: Language;
  items: WarningCandidateData[];
  done: string | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("warnings");
  const { t: tReports } = useTranslation("reports");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  const withIds = items.map((item) => ({ ...item, id: item.userId }));
  return (
    <QueueFrame
      prefix="warnings.queue"
      lang={lang}
      items={withIds}
      done={done}
      failure={failure}
      renderItem={(item, mine) => (
        <li key={item.id} className={`${ui.card} ${ui.stack}`} data-testid="warning-candidate" data-username={item.username}>
          <strong>
            <Link to={localePath(lang, `backoffice/members/${item.userId}`)}>{item.username}</Link>
          </strong>
          <p>{t("warnings.queue.reporters", { count: item.reporters })}</p>
          <ul className={ui.entryList}>
            {item.reports.map((report) => (
              <li key={report.id} className={ui.muted}>
                {tReports(`reports.types.${report.type}`)} · {date.format(report.createdAt)}
              </li>
            ))}
          </ul>
          <DecisionForm id={item.userId} outcomes={["confirm", "reject"]} failure={mine} prefix="warnings.queue" />
        </li>
      )}
    />
  );
}

export function ObjectionQueuePage({
  lang,
  items,
  done,
  failure,
}: {
  lang: Language;
  items: WarningObjectionData[];
  done: string | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("warnings");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  return (
    <QueueFrame
      prefix="warnings.objections"
      lang={lang}
      items={items}
      done={done}
      failure={failure}
      renderItem={(item, mine) => (
        <li key={item.id} className={`${ui.card} ${ui.stack}`} data-testid="warning-objection" data-username={item.username}>
          <strong>
            <Link to={localePath(lang, `backoffice/members/${item.userId}`)}>{item.username}</Link>
          </strong>
          <p className={ui.muted}>{t("warnings.objections.filed", { date: date.format(item.createdAt) })}</p>
          <blockquote className={css.quote}>{item.text}</blockquote>
          <DecisionForm id={item.id} outcomes={["lift", "keep"]} failure={mine} prefix="warnings.objections" />
        </li>
      )}
    />
  );
}
