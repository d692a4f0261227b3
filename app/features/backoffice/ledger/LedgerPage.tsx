/**
 * A member's ledger in the back office (ADR 087): found by username or id (a GET form), its accounts with their
 * balances, the staff action form (grant, debit correction, freeze, defrost: amount and a required reason, the
 * loader's idempotency key in a hidden field) and the operations with their transfers, newest first, paged.
 * Read-only except for the one form; nothing here edits a row.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { STAFF_LEDGER_ACTIONS, STAFF_REASON_MAX } from "#server/contract/ledger-office";
import type { LedgerOfficeMemberData } from "~/api/ledger-office.server";
import { Field, FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { inputText, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import { pageHref } from "../money/FilterForm";
import { useMoneyFormat } from "../money/format";
import * as css from "../money/money.css";
import { MoneyNav } from "../money/MoneyNav";

type Ledger = LedgerOfficeMemberData;
type Side = Ledger["operations"][number]["transfers"][number]["from"];

export function LedgerPage({
  member,
  memberError,
  ledger,
  formKey,
  done,
  failure,
}: {
  member: string;
  memberError: string | null;
  ledger: Ledger | null;
  formKey: string;
  done: string | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("ledger-office");
  const { t: tCommon, i18n } = useTranslation();
  const to = useLocalePath();
  const f = useMoneyFormat();
  const price = usePriceText();
  const amountOf = (currency: string, amount: number) => (currency === "euro" ? f.euros(amount) : price({ currency: "dollar", amount }));
  const sideText = (side: Side) =>
    side.userId === null
      ? t(`ledger_office.platform.${side.purpose}`, { defaultValue: side.purpose })
      : `${side.username ?? `#${side.userId}`} · ${t(`ledger_office.accounts.${side.purpose}`, { defaultValue: side.purpose })}`;
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  const lookupError = memberError ? translateMessage(tCommon, memberError, undefined, i18n.language) : undefined;
  const path = to("backoffice/ledger");
  const lastPage = ledger ? Math.max(1, Math.ceil(ledger.total / ledger.pageSize)) : 1;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("ledger_office.ledger.title")}</h1>
        <MoneyNav current="ledger" />
        <p>
          <Link to={to("backoffice/ledger/reconciliation")} className={ui.buttonSecondary} data-testid="reconciliation-link">
            {t("ledger_office.reconciliation.title")}
          </Link>
        </p>

        <Form method="get" className={`${ui.card} ${ui.stack}`} aria-label={t("ledger_office.ledger.lookup")}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="lookup-member">
              {t("ledger_office.ledger.member")}
            </label>
            <input
              id="lookup-member"
              name="member"
              className={ui.input}
              defaultValue={member}
              autoComplete="off"
              aria-invalid={lookupError ? true : undefined}
              aria-describedby={lookupError ? "lookup-member-error" : undefined}
            />
            <ErrorLine id="lookup-member-error" name="member" message={lookupError} />
          </div>
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {t("ledger_office.ledger.show")}
            </button>
          </div>
        </Form>

        {done && !failure ? (
          <p className={ui.notice} role="status" data-testid="ledger-done">
            {t(`ledger_office.done.${done}`)}
          </p>
        ) : null}

        {ledger === null ? (
          member === "" ? (
            <p className={ui.muted}>{t("ledger_office.ledger.hint")}</p>
          ) : null
        ) : (
          <>
            <section className={ui.stack} aria-labelledby="accounts-title">
              <h2 id="accounts-title" className={ui.sectionTitle}>
                {t("ledger_office.ledger.accounts_of", { username: ledger.member.username })}
              </h2>
              {ledger.accounts.length === 0 ? (
                <p className={ui.muted}>{t("ledger_office.ledger.no_accounts")}</p>
              ) : (
                <div className={css.tableWrap}>
                  <table className={css.table} data-testid="ledger-accounts">
                    <thead>
                      <tr>
                        <th className={css.cell}>{t("ledger_office.columns.account")}</th>
                        <th className={css.num}>{t("ledger_office.columns.balance")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {ledger.accounts.map((account) => (
                        <tr key={account.id} data-account={`${account.currency}:${account.purpose}`}>
                          <td className={css.cell}>
                            {t(`ledger_office.accounts.${account.purpose}`, { defaultValue: account.purpose })} ·{" "}
                            {t(`ledger_office.currency.${account.currency}`)}
                          </td>
                          <td className={css.num}>{amountOf(account.currency, account.balance)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>

            <section className={ui.stack} aria-labelledby="act-title">
              <h2 id="act-title" className={ui.sectionTitle}>
                {t("ledger_office.act.title")}
              </h2>
              <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="ledger-act">
                <p className={ui.muted}>{t("ledger_office.act.hint")}</p>
                <FormErrors errors={failure?.formErrors ?? []} />
                <input type="hidden" name="member" value={ledger.member.username} />
                <input type="hidden" name="key" value={formKey} />
                <div className={ui.field}>
                  <label className={ui.label} htmlFor="act-action">
                    {t("ledger_office.act.action")}
                  </label>
                  <select
                    id="act-action"
                    name="action"
                    className={`${ui.input} ${css.select}`}
                    defaultValue={failure ? inputText(failure, "action") : "grant"}
                  >
                    {STAFF_LEDGER_ACTIONS.map((action) => (
                      <option key={action} value={action}>
                        {t(`ledger_office.actions.${action}`)}
                      </option>
                    ))}
                  </select>
                  <ErrorLine
                    id="act-action-error"
                    name="action"
                    message={errors("action")[0] ? translateMessage(tCommon, errors("action")[0]!, undefined, i18n.language) : undefined}
                  />
                </div>
                <Field
                  name="amount"
                  label={t("ledger_office.act.amount")}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={failure ? inputText(failure, "amount") : ""}
                  errors={errors("amount")}
                />
                <Field
                  name="reason"
                  label={t("ledger_office.act.reason")}
                  hint={t("ledger_office.act.reason_hint")}
                  maxLength={STAFF_REASON_MAX}
                  autoComplete="off"
                  defaultValue={failure ? inputText(failure, "reason") : ""}
                  errors={errors("reason")}
                />
                <div className={ui.row}>
                  <button type="submit" className={ui.button}>
                    {t("ledger_office.act.submit")}
                  </button>
                </div>
              </Form>
            </section>

            <section className={ui.stack} aria-labelledby="operations-title">
              <h2 id="operations-title" className={ui.sectionTitle}>
                {t("ledger_office.ledger.operations", { total: ledger.total })}
              </h2>
              {ledger.operations.length === 0 ? (
                <p className={ui.muted}>{t("ledger_office.ledger.no_operations")}</p>
              ) : (
                <ul className={ui.plainList} data-testid="ledger-operations">
                  {ledger.operations.map((operation) => (
                    <li key={operation.id} className={ui.card} data-kind={operation.kind}>
                      <strong>
                        #{operation.id} {t(`ledger_office.kinds.${operation.kind}`, { defaultValue: operation.kind })}
                      </strong>{" "}
                      · {t(`ledger_office.status.${operation.status}`)}
                      <p className={ui.muted}>
                        {f.moment(operation.createdAt)} ·{" "}
                        {operation.actorId === null
                          ? t("ledger_office.ledger.by_platform")
                          : t("ledger_office.ledger.by", { name: operation.actorName ?? `#${operation.actorId}` })}
                        {operation.reference ? ` · ${operation.reference}` : ""}
                      </p>
                      {operation.transfers.length > 0 ? (
                        <ul className={ui.entryList}>
                          {operation.transfers.map((transfer) => (
                            <li key={transfer.id} className={css.factValue}>
                              {sideText(transfer.from)} → {sideText(transfer.to)}:{" "}
                              <strong>{amountOf(operation.currency, transfer.amount)}</strong>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {lastPage > 1 ? (
                <nav className={ui.row} aria-label={t("ledger_office.ledger.pages")}>
                  {ledger.page > 1 ? (
                    <Link className={ui.buttonSecondary} to={pageHref(path, { member }, ledger.page - 1)} rel="prev">
                      {t("ledger_office.ledger.newer")}
                    </Link>
                  ) : null}
                  <span className={ui.muted}>{t("ledger_office.ledger.page_of", { page: ledger.page, pages: lastPage })}</span>
                  {ledger.page < lastPage ? (
                    <Link className={ui.buttonSecondary} to={pageHref(path, { member }, ledger.page + 1)} rel="next">
                      {t("ledger_office.ledger.older")}
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </section>
          </>
        )}
      </div>
    </main>
  );
}
