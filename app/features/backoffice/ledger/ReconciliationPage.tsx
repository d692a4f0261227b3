/**
 * The reconciliation reports in the back office (ADR 087): the latest runs, newest first, each currency's checks
 * (sum of all accounts, negative and mismatched member accounts, for dollars the identity's terms and difference) with
 * a green or red state, and a "run now" button (a plain form post).
 */
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { ReconciliationReportListData } from "~/api/ledger-office.server";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "../money/format";
import { MoneyNav } from "../money/MoneyNav";
import * as ledgerCss from "./ledger.css";

type Report = ReconciliationReportListData["items"][number];

export function ReconciliationPage({ reports, ran }: { reports: Report[]; ran: boolean }) {
  const { t } = useTranslation("ledger-office");
  const lang = useLang();
  const f = { ...useMoneyFormat(), count: (n: number) => new Intl.NumberFormat(lang).format(n) };
  const latestFailed = reports.slice(0, 2).some((report) => !report.ok);
  const facts = (report: Report): Array<[string, number]> => [
    [t("ledger_office.reconciliation.imbalance"), report.imbalance],
    [t("ledger_office.reconciliation.negative"), report.negative],
    [t("ledger_office.reconciliation.mismatched"), report.mismatched],
    ...(report.identity && report.liabilities !== null
      ? ([
          [t("ledger_office.reconciliation.liabilities"), report.liabilities],
          [t("ledger_office.reconciliation.sold"), report.identity.sold],
          [t("ledger_office.reconciliation.granted"), report.identity.granted],
          [t("ledger_office.reconciliation.consumed"), report.identity.consumed],
          [t("ledger_office.reconciliation.paid_out"), report.identity.paidOut],
          [t("ledger_office.reconciliation.reclaimed"), report.identity.reclaimed],
          [t("ledger_office.reconciliation.loss"), report.identity.loss],
          [t("ledger_office.reconciliation.difference"), report.identityDifference ?? 0],
        ] as Array<[string, number]>)
      : []),
    [t("ledger_office.reconciliation.accounts"), report.accounts],
    [t("ledger_office.reconciliation.transfers"), report.transfers],
  ];
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("ledger_office.reconciliation.title")}</h1>
        <MoneyNav current="ledger" />
        <p className={ui.muted}>{t("ledger_office.reconciliation.explain")}</p>
        {ran ? (
          <p className={ui.notice} role="status" data-testid="reconciliation-ran">
            {t("ledger_office.reconciliation.ran")}
          </p>
        ) : null}
        {latestFailed ? (
          <p className={ui.alert} role="alert" data-testid="reconciliation-alert">
            {t("ledger_office.reconciliation.alert")}
          </p>
        ) : null}
        <Form method="post">
          <button type="submit" className={ui.button}>
            {t("ledger_office.reconciliation.run_now")}
          </button>
        </Form>
        {reports.length === 0 ? (
          <p className={ui.muted} data-testid="reconciliation-empty">
            {t("ledger_office.reconciliation.none")}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="reconciliation-reports">
            {reports.map((report) => (
              <li
                key={report.id}
                className={`${ui.card} ${report.ok ? ledgerCss.green : ledgerCss.red}`}
                data-state={report.ok ? "green" : "red"}
                data-currency={report.currency}
              >
                <h2 className={ledgerCss.reportTitle}>
                  <span className={report.ok ? ledgerCss.badgeGreen : ledgerCss.badgeRed}>
                    {t(report.ok ? "ledger_office.reconciliation.ok" : "ledger_office.reconciliation.failed")}
                  </span>{" "}
                  {t(`ledger_office.currency.${report.currency}`)}
                </h2>
                <p className={ui.muted}>
                  {f.moment(report.ranAt)} · {t(`ledger_office.reconciliation.trigger.${report.trigger}`, { defaultValue: report.trigger })}
                </p>
                <dl className={ledgerCss.numbers}>
                  {facts(report).map(([label, value]) => (
                    <Fragment key={label}>
                      <dt className={ledgerCss.numberLabel}>{label}</dt>
                      <dd className={ledgerCss.numberValue}>{f.count(value)}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
