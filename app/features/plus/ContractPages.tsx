/**
 * The statutory pages (issue 26 item 6, ADR 076): the § 312k BGB cancellation form, the EU withdrawal form and the
 * receipt, each usable without login and without JavaScript; the receipt prints as the proof of receipt.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DECLARATION_KINDS, DECLARATION_TEXT_MAX } from "#server/contract/plus";
import type { ContractReceiptData } from "~/api/plus.server";
import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import type { FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, formatHomeMoment, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import { translateMessage } from "~/i18n/translate";
import * as css from "./plus.css";

interface Prefill {
  name: string;
  identifier: string;
  earliestEnd: number | null;
}

function useSent(reply: FormReply | null, prefill: Prefill) {
  return (name: string, fallback = "") => {
    const value = reply?.input[name];
    if (typeof value === "string") return value;
    if (reply) return "";
    return name === "name" ? prefill.name : name === "identifier" ? prefill.identifier : fallback;
  };
}

/**
 * Who declares and which contract: the fields both statutory forms share. The cancellation finds the contract by
 * e-mail or username; the withdrawal without login only by the account's e-mail address (ADR 076, 088).
 */
function DeclarantFields({
  sent,
  errors,
  identifier,
}: {
  sent: (name: string) => string;
  errors: Record<string, string[]>;
  identifier: "cancel" | "withdraw";
}) {
  const { t } = useTranslation("plus");
  return (
    <>
      <Field
        name="name"
        label={t("plus.contracts.name_label")}
        autoComplete="name"
        defaultValue={sent("name")}
        errors={errors.name ?? []}
        required
      />
      <Field
        name="identifier"
        type={identifier === "withdraw" ? "email" : undefined}
        label={identifier === "withdraw" ? t("plus.contracts.withdraw_identifier_label") : t("plus.contracts.identifier_label")}
        hint={identifier === "cancel" ? t("plus.contracts.identifier_hint") : undefined}
        autoComplete="email"
        defaultValue={sent("identifier")}
        errors={errors.identifier ?? []}
        required
      />
      <fieldset className={css.fieldset}>
        <legend className={ui.label}>{t("plus.contracts.contract_label")}</legend>
        <label className={ui.checkboxRow}>
          <input type="radio" name="contract" value="plus" defaultChecked />
          <span>{t("plus.contracts.contract_plus")}</span>
        </label>
      </fieldset>
    </>
  );
}

export function ContractCancelPage({ title, prefill, reply }: { title: string; prefill: Prefill; reply: FormReply | null }) {
  const { t } = useTranslation("plus");
  const { t: common, i18n } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const sent = useSent(reply, prefill);
  const errors = reply?.fieldErrors ?? {};
  const kind = sent("kind", "ordinary");
  const end = sent("end", "earliest");
  const message = (name: string) => (errors[name]?.[0] ? translateMessage(common, errors[name][0], undefined, i18n.language) : undefined);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p>{t("plus.contracts.cancel_intro")}</p>
        {reply ? <FormErrors errors={reply.formErrors} /> : null}
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="contract-cancel-form">
          <fieldset className={css.fieldset}>
            <legend className={ui.label}>{t("plus.contracts.kind_legend")}</legend>
            {DECLARATION_KINDS.map((value) => (
              <label key={value} className={ui.checkboxRow}>
                <input type="radio" name="kind" value={value} defaultChecked={kind === value} />
                <span>{t(`plus.contracts.kind_${value}`)}</span>
              </label>
            ))}
            <ErrorLine name="kind" message={message("kind")} />
          </fieldset>
          <TextAreaField
            name="reason"
            label={t("plus.contracts.reason_label")}
            rows={3}
            maxLength={DECLARATION_TEXT_MAX}
            defaultValue={sent("reason")}
            errors={errors.reason ?? []}
          />
          <DeclarantFields sent={sent} errors={errors} identifier="cancel" />
          <fieldset className={css.fieldset}>
            <legend className={ui.label}>{t("plus.contracts.end_legend")}</legend>
            <label className={ui.checkboxRow}>
              <input type="radio" name="end" value="earliest" defaultChecked={end !== "date"} />
              <span>
                {prefill.earliestEnd !== null
                  ? t("plus.contracts.end_earliest_date", { date: formatCalendarDate(homeDayOf(prefill.earliestEnd), lang) })
                  : t("plus.contracts.end_earliest")}
              </span>
            </label>
            <label className={ui.checkboxRow}>
              <input type="radio" name="end" value="date" defaultChecked={end === "date"} />
              <span>{t("plus.contracts.end_date")}</span>
            </label>
            <Field
              name="end_date"
              type="date"
              label={t("plus.contracts.end_date_label")}
              defaultValue={sent("end_date")}
              errors={errors.end_date ?? []}
            />
          </fieldset>
          <div className={ui.row}>
            <button className={ui.button} type="submit" data-testid="contract-cancel-submit">
              {t("plus.contracts.submit")}
            </button>
          </div>
        </Form>
        <p>
          <Link to={to("contracts/withdraw")}>{t("plus.contracts.withdraw_instead")}</Link>
        </p>
      </div>
    </main>
  );
}

export function ContractWithdrawPage({ title, prefill, reply }: { title: string; prefill: Prefill; reply: FormReply | null }) {
  const { t } = useTranslation("plus");
  const to = useLocalePath();
  const sent = useSent(reply, prefill);
  const errors = reply?.fieldErrors ?? {};
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p>{t("plus.contracts.withdraw_intro")}</p>
        {reply ? <FormErrors errors={reply.formErrors} /> : null}
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="contract-withdraw-form">
          <DeclarantFields sent={sent} errors={errors} identifier="withdraw" />
          <div className={ui.row}>
            <button className={ui.button} type="submit" data-testid="contract-withdraw-submit">
              {t("plus.contracts.withdraw_submit")}
            </button>
          </div>
        </Form>
        <p>
          <Link to={to("contracts/cancel")}>{t("plus.contracts.cancel_instead")}</Link>
        </p>
      </div>
    </main>
  );
}

export function ContractReceiptPage({ title, receipt }: { title: string; receipt: ContractReceiptData }) {
  const { t } = useTranslation("plus");
  const lang = useLang();
  const price = usePriceText();
  const day = (ms: number) => formatCalendarDate(homeDayOf(ms), lang);
  const requested =
    receipt.requestedEnd === "earliest"
      ? t("plus.contracts.end_earliest")
      : /^\d{4}-\d{2}-\d{2}$/.test(receipt.requestedEnd)
        ? formatCalendarDate(receipt.requestedEnd, lang)
        : null;
  return (
    <main className={ui.narrow}>
      <article className={`${ui.card} ${ui.stack} ${css.receipt}`} data-testid="contract-receipt">
        <h1>{title}</h1>
        <p data-testid="receipt-received">{t("plus.contracts.received_at", { moment: formatHomeMoment(receipt.receivedAt, lang) })}</p>
        <dl className={css.facts}>
          <dt className={css.factLabel}>{t("plus.contracts.receipt_id")}</dt>
          <dd className={css.factValue}>{receipt.id}</dd>
          <dt className={css.factLabel}>{t("plus.contracts.contract_label")}</dt>
          <dd className={css.factValue}>{t("plus.contracts.contract_plus")}</dd>
          <dt className={css.factLabel}>{t("plus.contracts.content_heading")}</dt>
          <dd className={css.factValue}>{t(`plus.contracts.kind.${receipt.kind}`)}</dd>
          {receipt.reason ? (
            <>
              <dt className={css.factLabel}>{t("plus.contracts.reason_label")}</dt>
              <dd className={css.factValue}>{receipt.reason}</dd>
            </>
          ) : null}
          <dt className={css.factLabel}>{t("plus.contracts.name_label")}</dt>
          <dd className={css.factValue}>{receipt.name}</dd>
          <dt className={css.factLabel}>{t("plus.contracts.identifier_label")}</dt>
          <dd className={css.factValue}>{receipt.identifier}</dd>
          {requested ? (
            <>
              <dt className={css.factLabel}>{t("plus.contracts.requested_end")}</dt>
              <dd className={css.factValue}>{requested}</dd>
            </>
          ) : null}
        </dl>
        <p data-testid="receipt-end">
          {receipt.effectiveEnd !== null
            ? t("plus.contracts.end_result", { date: day(receipt.effectiveEnd) })
            : receipt.confirmation === "pending"
              ? t("plus.contracts.confirm_pending")
              : t("plus.contracts.end_by_mail")}
        </p>
        {receipt.refundCents ? (
          <p>{t("plus.contracts.refund", { price: price({ amount: receipt.refundCents, currency: "EUR" }) })}</p>
        ) : null}
        <p className={ui.muted}>{t("plus.contracts.save_hint")}</p>
      </article>
    </main>
  );
}

/** The page the withdrawal's mailed link opens: one button that makes it take effect, or why the link is gone. */
export function WithdrawConfirmPage({ title, wellFormed, failed }: { title: string; wellFormed: boolean; failed: boolean }) {
  const { t } = useTranslation("plus");
  const to = useLocalePath();
  const usable = wellFormed && !failed;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {usable ? (
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="withdraw-confirm-form">
            <p>{t("plus.contracts.confirm_intro")}</p>
            <div className={ui.row}>
              <button className={ui.button} type="submit" data-testid="withdraw-confirm-submit">
                {t("plus.contracts.confirm_submit")}
              </button>
            </div>
          </Form>
        ) : (
          <p role="alert" data-testid="withdraw-confirm-gone">
            {t("plus.contracts.confirm_gone")}
          </p>
        )}
        <p>
          <Link to={to("contracts/withdraw")}>{t("plus.contracts.confirm_again")}</Link>
        </p>
      </div>
    </main>
  );
}
