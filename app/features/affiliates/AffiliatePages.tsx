/**
 * The back office's affiliate pages (ADR 135): the partners with their totals, a form for a new one, and one
 * partner's report by month (sign-ups, first payments, their gross). Amounts in euro, months per language.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OPERATOR_TIME_ZONE } from "#server/contract/calendar";
import type { AffiliateListData, AffiliateReportData } from "~/api/affiliates.server";
import { Field, FormErrors } from "~/components/Field";
import { inputText, type FormReply } from "~/components/form/reply";
import { useMoneyFormat } from "~/features/backoffice/money/format";
import * as css from "~/features/backoffice/money/money.css";
import { MoneyNav } from "~/features/backoffice/money/MoneyNav";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

function NewAffiliateForm({ failure }: { failure: FormReply | null }) {
  const { t } = useTranslation("affiliates");
  const value = (name: string) => (failure ? inputText(failure, name) : "");
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="affiliate-form">
      <FormErrors errors={failure?.formErrors ?? []} />
      <Field
        name="name"
        label={t("affiliates.office.fields.name")}
        autoComplete="off"
        defaultValue={value("name")}
        errors={errors("name")}
      />
      <Field
        name="code"
        label={t("affiliates.office.fields.code")}
        hint={t("affiliates.office.code_hint")}
        autoComplete="off"
        defaultValue={value("code")}
        errors={errors("code")}
      />
      <Field
        name="email"
        type="email"
        label={t("affiliates.office.fields.email")}
        hint={t("affiliates.office.email_hint")}
        autoComplete="off"
        defaultValue={value("email")}
        errors={errors("email")}
      />
      <button type="submit" className={ui.button}>
        {t("affiliates.office.create")}
      </button>
    </Form>
  );
}

export function AffiliatesPage({ list, created, failure }: { list: AffiliateListData; created: boolean; failure: FormReply | null }) {
  const { t } = useTranslation("affiliates");
  const to = useLocalePath();
  const f = useMoneyFormat();
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("affiliates.office.title")}</h1>
        <MoneyNav current="affiliates" />
        <p className={ui.muted}>{t("affiliates.office.intro")}</p>
        {created && !failure ? (
          <p className={ui.notice} role="status" data-testid="affiliate-created">
            {t("affiliates.office.created")}
          </p>
        ) : null}
        {list.items.length === 0 ? (
          <p className={ui.card}>{t("affiliates.office.none")}</p>
        ) : (
          <div className={css.tableWrap}>
            <table className={css.table} data-testid="affiliates">
              <thead>
                <tr>
                  <th className={css.cell}>{t("affiliates.office.fields.name")}</th>
                  <th className={css.cell}>{t("affiliates.office.fields.code")}</th>
                  <th className={css.cell}>{t("affiliates.office.state")}</th>
                  <th className={css.num}>{t("affiliates.report.sign_ups")}</th>
                  <th className={css.num}>{t("affiliates.report.first_payments")}</th>
                  <th className={css.num}>{t("affiliates.report.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => (
                  <tr key={item.id} data-testid="affiliate-row" data-active={item.active ? "1" : "0"}>
                    <td className={css.cell}>
                      <Link className={css.rowLink} to={to(`backoffice/affiliates/${item.id}`)}>
                        {item.name}
                      </Link>
                    </td>
                    <td className={css.cell}>{item.code}</td>
                    <td className={css.cell}>{t(`affiliates.office.states.${item.active ? "active" : "inactive"}`)}</td>
                    <td className={css.num}>{item.signUps}</td>
                    <td className={css.num}>{item.firstPayments}</td>
                    <td className={css.num}>{f.euros(item.firstPaymentCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <section className={ui.stack} aria-labelledby="new-affiliate">
          <h2 id="new-affiliate" className={ui.sectionTitle}>
            {t("affiliates.office.new")}
          </h2>
          <NewAffiliateForm failure={failure} />
        </section>
      </div>
    </main>
  );
}

/** "Dezember 2026" / "December 2026" from "2026-12". */
function useMonthName() {
  const lang = useLang();
  const format = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" });
  return (month: string) => format.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
}

/** The partner's state and the switch (ADR 139): off, its link binds nobody new; the credits of members it brought stay. */
function StateForm({ affiliate, failure }: { affiliate: AffiliateReportData["affiliate"]; failure: FormReply | null }) {
  const { t } = useTranslation("affiliates");
  const lang = useLang();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: OPERATOR_TIME_ZONE });
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="affiliate-state" data-active={affiliate.active ? "1" : "0"}>
      <h2 className={ui.sectionTitle}>{t("affiliates.report.state")}</h2>
      <p data-testid="affiliate-state-text">
        {affiliate.active
          ? t("affiliates.report.active")
          : t("affiliates.report.inactive_since", {
              date: affiliate.deactivatedAt === null ? "–" : date.format(affiliate.deactivatedAt),
            })}
      </p>
      {affiliate.active ? <p className={ui.muted}>{t("affiliates.report.deactivate_hint")}</p> : null}
      <FormErrors errors={failure?.formErrors ?? []} />
      <input type="hidden" name="active" value={affiliate.active ? "0" : "1"} />
      <Field
        name="reason"
        label={t("affiliates.report.reason")}
        autoComplete="off"
        defaultValue={failure ? inputText(failure, "reason") : ""}
        errors={failure?.fieldErrors.reason ?? []}
      />
      <button type="submit" className={affiliate.active ? ui.buttonSecondary : ui.button} data-testid="affiliate-state-toggle">
        {t(affiliate.active ? "affiliates.report.deactivate" : "affiliates.report.reactivate")}
      </button>
    </Form>
  );
}

export function AffiliateReportPage({
  report,
  done,
  failure,
}: {
  report: AffiliateReportData;
  done: "deactivated" | "reactivated" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("affiliates");
  const lang = useLang();
  const to = useLocalePath();
  const f = useMoneyFormat();
  const monthName = useMonthName();
  const { affiliate, months } = report;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <p>
          <Link to={to("backoffice/affiliates")}>{t("affiliates.report.back")}</Link>
        </p>
        <h1>
          {t("affiliates.report.title")} {affiliate.name}
        </h1>
        <MoneyNav current="affiliates" />
        {done ? (
          <p className={ui.notice} role="status" data-testid="affiliate-state-done">
            {t(`affiliates.report.done_${done}`)}
          </p>
        ) : null}
        <dl className={`${ui.card} ${css.facts}`} data-testid="affiliate-totals">
          <dt className={css.factLabel}>{t("affiliates.office.fields.code")}</dt>
          <dd className={css.factValue}>{affiliate.code}</dd>
          <dt className={css.factLabel}>{t("affiliates.report.link")}</dt>
          <dd className={css.factValue}>
            <code>{`/${lang}/a/${affiliate.code}`}</code>
          </dd>
          <dt className={css.factLabel}>{t("affiliates.report.sign_ups")}</dt>
          <dd className={css.factValue}>{affiliate.signUps}</dd>
          <dt className={css.factLabel}>{t("affiliates.report.first_payments")}</dt>
          <dd className={css.factValue}>{affiliate.firstPayments}</dd>
          <dt className={css.factLabel}>{t("affiliates.report.amount")}</dt>
          <dd className={css.factValue}>{f.euros(affiliate.firstPaymentCents)}</dd>
        </dl>
        <StateForm affiliate={affiliate} failure={failure} />
        <h2 className={ui.sectionTitle}>{t("affiliates.report.by_month")}</h2>
        {months.length === 0 ? (
          <p className={ui.card}>{t("affiliates.report.none")}</p>
        ) : (
          <div className={css.tableWrap}>
            <table className={css.table} data-testid="affiliate-months">
              <thead>
                <tr>
                  <th className={css.cell}>{t("affiliates.report.month")}</th>
                  <th className={css.num}>{t("affiliates.report.sign_ups")}</th>
                  <th className={css.num}>{t("affiliates.report.first_payments")}</th>
                  <th className={css.num}>{t("affiliates.report.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((row) => (
                  <tr key={row.month}>
                    <td className={css.cell}>{monthName(row.month)}</td>
                    <td className={css.num}>{row.signUps}</td>
                    <td className={css.num}>{row.firstPayments}</td>
                    <td className={css.num}>{f.euros(row.firstPaymentCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </main>
  );
}
