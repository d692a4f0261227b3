/**
 * The back office's money lists (ADR 080): orders, payment transactions, invoices and credit notes — each a GET filter
 * form above a table that scrolls sideways on a phone, newest first, paged by plain links. No script needed.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { INVOICE_DOCUMENTS } from "#server/contract/accounting";
import { GOODS, INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_OUTCOMES } from "#server/contract/billing";
import type { AccountingInvoiceListData, AccountingOrderListData, AccountingPaymentListData } from "~/api/accounting.server";
import { PageLinks } from "~/components/PageLinks";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { FilterForm, pageHref, type FilterField } from "./FilterForm";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav, type MoneyPage } from "./MoneyNav";

interface ListProps<L> {
  list: L;
  filter: Record<string, string>;
  errors: Record<string, string[]>;
}

function ListFrame({
  page,
  fields,
  filter,
  errors,
  total,
  pages,
  current,
  children,
}: {
  page: MoneyPage;
  fields: readonly FilterField[];
  filter: Record<string, string>;
  errors: Record<string, string[]>;
  total: number;
  pages: number;
  current: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  const path = to(`backoffice/${page}`);
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t(`accounting.${page}.title`)}</h1>
        <MoneyNav current={page} />
        <FilterForm fields={fields} values={filter} errors={errors} resetTo={path} />
        <p className={ui.muted} role="status" data-testid="list-total">
          {t("accounting.list.total", { count: total })}
        </p>
        {total === 0 ? <p className={ui.card}>{t("accounting.list.empty")}</p> : <div className={css.tableWrap}>{children}</div>}
        <PageLinks page={current} pages={pages} hrefOf={(p) => pageHref(path, filter, p)} />
      </div>
    </main>
  );
}

const pagesOf = (list: { total: number; pageSize: number }) => Math.max(1, Math.ceil(list.total / list.pageSize));

const ORDER_FILTERS: readonly FilterField[] = [
  { name: "status", kind: "select", options: ORDER_STATUSES, optionKey: "order_status" },
  { name: "goods", kind: "select", options: GOODS, optionKey: "goods" },
  { name: "method", kind: "select", options: PAYMENT_METHODS, optionKey: "method" },
  { name: "member", kind: "text" },
  { name: "from", kind: "date" },
  { name: "to", kind: "date" },
];

export function OrdersPage({ list, filter, errors }: ListProps<AccountingOrderListData>) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  const f = useMoneyFormat();
  return (
    <ListFrame
      page="orders"
      fields={ORDER_FILTERS}
      filter={filter}
      errors={errors}
      total={list.total}
      pages={pagesOf(list)}
      current={list.page}
    >
      <table className={css.table} data-testid="orders">
        <thead>
          <tr>
            <th className={css.cell}>{t("accounting.columns.order")}</th>
            <th className={css.cell}>{t("accounting.columns.status")}</th>
            <th className={css.num}>{t("accounting.columns.gross")}</th>
            <th className={css.cell}>{t("accounting.columns.member")}</th>
            <th className={css.cell}>{t("accounting.columns.goods")}</th>
            <th className={css.cell}>{t("accounting.columns.method")}</th>
            <th className={css.cell}>{t("accounting.columns.created")}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((order) => (
            <tr key={order.id}>
              <td className={css.cell}>
                <Link className={css.rowLink} to={to(`backoffice/orders/${order.id}`)}>
                  #{order.id}
                </Link>
              </td>
              <td className={css.cell}>{t(`accounting.order_status.${order.status}`)}</td>
              <td className={css.num}>{f.euros(order.grossCents)}</td>
              <td className={css.cell}>{order.username ?? t("accounting.list.erased")}</td>
              <td className={css.cell}>
                {t(`accounting.goods.${order.goods}`)} · {order.sku}
              </td>
              <td className={css.cell}>{order.method ? t(`accounting.method.${order.method}`) : "–"}</td>
              <td className={css.cell}>{f.moment(order.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListFrame>
  );
}

const PAYMENT_FILTERS: readonly FilterField[] = [
  { name: "outcome", kind: "select", options: PAYMENT_OUTCOMES, optionKey: "outcome" },
  { name: "method", kind: "select", options: PAYMENT_METHODS, optionKey: "method" },
  { name: "order", kind: "text" },
  { name: "from", kind: "date" },
  { name: "to", kind: "date" },
];

export function PaymentsPage({ list, filter, errors }: ListProps<AccountingPaymentListData>) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  const f = useMoneyFormat();
  return (
    <ListFrame
      page="payments"
      fields={PAYMENT_FILTERS}
      filter={filter}
      errors={errors}
      total={list.total}
      pages={pagesOf(list)}
      current={list.page}
    >
      <table className={css.table} data-testid="payments">
        <thead>
          <tr>
            <th className={css.cell}>{t("accounting.columns.received")}</th>
            <th className={css.cell}>{t("accounting.columns.outcome")}</th>
            <th className={css.num}>{t("accounting.columns.amount")}</th>
            <th className={css.cell}>{t("accounting.columns.order")}</th>
            <th className={css.cell}>{t("accounting.columns.member")}</th>
            <th className={css.cell}>{t("accounting.columns.provider")}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((payment) => (
            <tr key={payment.id}>
              <td className={css.cell}>{f.moment(payment.createdAt)}</td>
              <td className={css.cell}>{t(`accounting.outcome.${payment.outcome}`)}</td>
              <td className={css.num}>{f.euros(payment.amountCents)}</td>
              <td className={css.cell}>
                <Link className={css.rowLink} to={to(`backoffice/orders/${payment.orderId}`)}>
                  #{payment.orderId}
                </Link>
              </td>
              <td className={css.cell}>{payment.username ?? t("accounting.list.erased")}</td>
              <td className={css.cell}>
                {payment.provider} · {payment.providerTxnId}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListFrame>
  );
}

const INVOICE_FILTERS: readonly FilterField[] = [
  { name: "number", kind: "text" },
  { name: "status", kind: "select", options: INVOICE_STATUSES, optionKey: "invoice_status" },
  { name: "document", kind: "select", options: INVOICE_DOCUMENTS, optionKey: "document" },
  { name: "from", kind: "date" },
  { name: "to", kind: "date" },
];

export function InvoicesPage({ list, filter, errors }: ListProps<AccountingInvoiceListData>) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  const f = useMoneyFormat();
  return (
    <ListFrame
      page="invoices"
      fields={INVOICE_FILTERS}
      filter={filter}
      errors={errors}
      total={list.total}
      pages={pagesOf(list)}
      current={list.page}
    >
      <table className={css.table} data-testid="invoices">
        <thead>
          <tr>
            <th className={css.cell}>{t("accounting.columns.number")}</th>
            <th className={css.cell}>{t("accounting.columns.document")}</th>
            <th className={css.num}>{t("accounting.columns.gross")}</th>
            <th className={css.num}>{t("accounting.columns.vat")}</th>
            <th className={css.cell}>{t("accounting.columns.status")}</th>
            <th className={css.cell}>{t("accounting.columns.order")}</th>
            <th className={css.cell}>{t("accounting.columns.issued")}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((invoice) => (
            <tr key={invoice.id}>
              <td className={css.cell}>{invoice.number}</td>
              <td className={css.cell}>{t(`accounting.document.${invoice.document}`)}</td>
              <td className={css.num}>{f.euros(invoice.grossCents)}</td>
              <td className={css.num}>
                {invoice.reverseCharge
                  ? t("accounting.columns.reverse_charge")
                  : `${f.euros(invoice.vatCents)} (${f.percent(invoice.vatRateBp)} ${invoice.vatCountry})`}
              </td>
              <td className={css.cell}>{t(`accounting.invoice_status.${invoice.status}`)}</td>
              <td className={css.cell}>
                <Link className={css.rowLink} to={to(`backoffice/orders/${invoice.orderId}`)}>
                  #{invoice.orderId}
                </Link>
              </td>
              <td className={css.cell}>{f.moment(invoice.issuedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListFrame>
  );
}
