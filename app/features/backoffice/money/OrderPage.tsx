/**
 * One order in the back office (ADR 080): its facts, payment transactions, invoices and credit notes, the refund form
 * (the amount starts at what is still refundable: leave it for a full refund, lower it for a partial one; a reason is
 * required) and the order's audit rows.
 */
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { REFUND_REASON_MAX } from "#server/contract/accounting";
import type { AccountingOrderDetailData } from "~/api/accounting.server";
import { Field, FormErrors } from "~/components/Field";
import { inputText, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav } from "./MoneyNav";

export function OrderPage({
  detail,
  refunded,
  failure,
}: {
  detail: AccountingOrderDetailData;
  refunded: boolean;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("accounting");
  const f = useMoneyFormat();
  const { order } = detail;
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  const facts: Array<[string, string]> = [
    [t("accounting.columns.status"), t(`accounting.order_status.${order.status}`)],
    [t("accounting.columns.member"), order.username ? `${order.username} (#${order.userId})` : t("accounting.list.erased")],
    [t("accounting.columns.goods"), `${t(`accounting.goods.${order.goods}`)} · ${order.sku}`],
    [
      t("accounting.columns.method"),
      order.method ? `${t(`accounting.method.${order.method}`)}${order.provider ? ` · ${order.provider}` : ""}` : "–",
    ],
    [t("accounting.columns.gross"), f.euros(order.grossCents)],
    [t("accounting.columns.net"), f.euros(order.netCents)],
    [
      t("accounting.columns.vat"),
      order.reverseCharge
        ? t("accounting.columns.reverse_charge")
        : `${f.euros(order.vatCents)} (${f.percent(order.vatRateBp)} ${order.vatCountry})`,
    ],
    [t("accounting.columns.discount"), f.euros(order.discountCents)],
    [t("accounting.columns.created"), f.moment(order.createdAt)],
    [t("accounting.columns.paid"), order.paidAt ? f.moment(order.paidAt) : "–"],
    [t("accounting.order.refunded"), f.euros(detail.refundedCents)],
  ];
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>
          {t("accounting.order.title")} #{order.id}
        </h1>
        <MoneyNav current="orders" />
        {refunded && !failure ? (
          <p className={ui.notice} role="status" data-testid="refund-done">
            {t("accounting.order.refund_done")}
          </p>
        ) : null}
        <section className={ui.card} aria-labelledby="facts-title">
          <h2 id="facts-title" className={ui.sectionTitle}>
            {order.publicId}
          </h2>
          <dl className={css.facts}>
            {facts.map(([label, value]) => (
              <Fragment key={label}>
                <dt className={css.factLabel}>{label}</dt>
                <dd className={css.factValue}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>

        <section className={ui.stack} aria-labelledby="refund-title">
          <h2 id="refund-title" className={ui.sectionTitle}>
            {t("accounting.order.refund_title")}
          </h2>
          {detail.refundableCents === 0 ? (
            <p className={ui.muted} data-testid="not-refundable">
              {t("accounting.order.not_refundable")}
            </p>
          ) : (
            <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="refund-form">
              <p className={ui.muted}>{t("accounting.order.refundable", { amount: f.euros(detail.refundableCents) })}</p>
              <FormErrors errors={failure?.formErrors ?? []} />
              <Field
                name="amount"
                label={t("accounting.order.amount")}
                hint={t("accounting.order.amount_hint")}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={failure ? inputText(failure, "amount") : f.euroInput(detail.refundableCents)}
                errors={errors("amount")}
              />
              <Field
                name="reason"
                label={t("accounting.order.reason")}
                maxLength={REFUND_REASON_MAX}
                autoComplete="off"
                defaultValue={failure ? inputText(failure, "reason") : ""}
                errors={errors("reason")}
              />
              <div className={ui.row}>
                <button type="submit" className={ui.button}>
                  {t("accounting.order.refund_submit")}
                </button>
              </div>
            </Form>
          )}
        </section>

        <section className={ui.stack} aria-labelledby="payments-title">
          <h2 id="payments-title" className={ui.sectionTitle}>
            {t("accounting.payments.title")}
          </h2>
          {detail.payments.length === 0 ? (
            <p className={ui.muted}>{t("accounting.list.empty")}</p>
          ) : (
            <div className={css.tableWrap}>
              <table className={css.table}>
                <thead>
                  <tr>
                    <th className={css.cell}>{t("accounting.columns.received")}</th>
                    <th className={css.cell}>{t("accounting.columns.outcome")}</th>
                    <th className={css.num}>{t("accounting.columns.amount")}</th>
                    <th className={css.cell}>{t("accounting.columns.provider")}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.payments.map((p) => (
                    <tr key={p.id}>
                      <td className={css.cell}>{f.moment(p.createdAt)}</td>
                      <td className={css.cell}>{t(`accounting.outcome.${p.outcome}`)}</td>
                      <td className={css.num}>{f.euros(p.amountCents)}</td>
                      <td className={css.cell}>
                        {p.provider} · {p.providerTxnId}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className={ui.stack} aria-labelledby="invoices-title">
          <h2 id="invoices-title" className={ui.sectionTitle}>
            {t("accounting.invoices.title")}
          </h2>
          {detail.invoices.length === 0 ? (
            <p className={ui.muted}>{t("accounting.list.empty")}</p>
          ) : (
            <div className={css.tableWrap}>
              <table className={css.table} data-testid="order-invoices">
                <thead>
                  <tr>
                    <th className={css.cell}>{t("accounting.columns.number")}</th>
                    <th className={css.cell}>{t("accounting.columns.document")}</th>
                    <th className={css.num}>{t("accounting.columns.gross")}</th>
                    <th className={css.cell}>{t("accounting.columns.issued")}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.invoices.map((i) => (
                    <tr key={i.id}>
                      <td className={css.cell}>{i.number}</td>
                      <td className={css.cell}>{t(`accounting.document.${i.document}`)}</td>
                      <td className={css.num}>{f.euros(i.grossCents)}</td>
                      <td className={css.cell}>{f.moment(i.issuedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className={ui.stack} aria-labelledby="audit-title">
          <h2 id="audit-title" className={ui.sectionTitle}>
            {t("accounting.audit.title")}
          </h2>
          {detail.audit.length === 0 ? (
            <p className={ui.muted}>{t("accounting.audit.none")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="audit">
              {detail.audit.map((row) => (
                <li key={row.id} className={ui.card}>
                  <strong>{t(`accounting.audit.actions.${row.action}`, { defaultValue: row.action })}</strong> · {f.moment(row.createdAt)} ·{" "}
                  {row.actorName ?? (row.actorId === null ? t("accounting.audit.platform") : `#${row.actorId}`)}
                  {row.reason ? <p className={css.factValue}>{t("accounting.audit.reason", { reason: row.reason })}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
