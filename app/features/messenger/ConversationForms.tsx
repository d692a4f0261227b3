/**
 * The conversation's forms that a link opens (`?boost=`, `?report=`): the boost confirmation of an own message and the
 * report form of the other member's. Few visits show them, so they are a chunk of their own, drawn in the server's
 * place after hydration (ADR 168); both are plain forms that post without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRICES } from "#server/contract/prices";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import { ReportTypeSelect } from "~/features/reports/ReportTypeSelect";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import * as css from "./messenger.css";
import { MessageText } from "./message-text";

/** Asks before a boost is paid (ADR 083): the message quoted, its price, confirm or back. */
export function BoostConfirm({
  message,
  name,
  here,
  boostKey,
}: {
  message: { id: number; body: string };
  name: string;
  here: string;
  boostKey: string;
}) {
  const { t } = useTranslation("messenger");
  const price = usePriceText();
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`} id="boost" data-testid="boost-confirm">
      <h2 className={ui.sectionTitle}>{t("messenger.boost.title")}</h2>
      <p style={{ margin: 0 }}>{t("messenger.boost.explain", { name })}</p>
      <blockquote className={css.quote}>
        <MessageText body={message.body} />
      </blockquote>
      <input type="hidden" name="message_id" value={message.id} />
      <input type="hidden" name="key" value={boostKey} />
      <div className={ui.row}>
        <button className={ui.button} type="submit" name="intent" value="boost" data-testid="boost-submit">
          {t("messenger.boost.submit", { price: price(PRICES.boost) })}
        </button>
        <Link className={css.tapLink} to={here}>
          {t("messenger.boost.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The report form of one message of the other member; `errors` are a refused report's, by field. */
export function ReportForm({
  messageId,
  name,
  here,
  errors,
}: {
  messageId: number;
  name: string;
  here: string;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation("messenger");
  const errorsOf = (field: string) => errors[field] ?? [];
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`} id="report" data-testid="report-form">
      <h2 className={ui.sectionTitle}>{t("messenger.report.title")}</h2>
      <p className={ui.muted}>{t("messenger.report.explain", { name })}</p>
      <input type="hidden" name="message_id" value={messageId} />
      <ReportTypeSelect kind="message" id="report-type" errors={errorsOf("type")} />
      <TextAreaField id="report-text" name="text" label={t("messenger.report.text")} rows={3} maxLength={2000} errors={errorsOf("text")} />
      <CheckboxField id="report-good-faith" name="good_faith" label={t("messenger.report.good_faith")} errors={errorsOf("good_faith")} />
      <div className={ui.row}>
        <button className={ui.button} type="submit" name="intent" value="report">
          {t("messenger.report.submit")}
        </button>
        <Link className={css.tapLink} to={here}>
          {t("messenger.report.cancel")}
        </Link>
      </div>
    </Form>
  );
}
