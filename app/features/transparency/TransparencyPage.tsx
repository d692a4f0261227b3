/**
 * about/transparency (DSA Arts. 15, 24; ADR 114): the published report of one period as tables a person reads, the
 * period chooser (a GET form: works without JavaScript), the JSON and CSV downloads, and the average monthly active
 * recipients with the date they were calculated. Numbers and dates in the page's language.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TransparencyIndex, TransparencyReport } from "#server/contract/transparency";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./transparency.css";

const HOUR = 60 * 60 * 1000;

function CountTable({ caption, rows, testId }: { caption: string; rows: Array<[string, string]>; testId?: string }) {
  return (
    <table className={css.table} data-testid={testId}>
      <caption className={css.caption}>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className={css.cell}>
              {label}
            </th>
            <td className={css.number}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TransparencyPage({
  title,
  periods,
  report,
}: {
  title: string;
  periods: TransparencyIndex["periods"];
  report: TransparencyReport | null;
}) {
  const { t, i18n } = useTranslation(["transparency", "reports"]);
  const path = useLocalePath();
  const n = new Intl.NumberFormat(i18n.language);
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  const count = (value: number | null) => (value === null ? t("transparency.not_counted") : n.format(value));
  const duration = (ms: number | null) => (ms === null ? "–" : t("transparency.hours", { hours: hours.format(ms / HOUR) }));
  const periodName = (key: string) =>
    key.includes("-H")
      ? t("transparency.half_year", { year: key.slice(0, 4), half: key.slice(-1) })
      : t("transparency.year", { year: key });
  if (!report)
    return (
      <main className={ui.page}>
        <h1>{title}</h1>
        <p>{t("transparency.intro")}</p>
        <p className={ui.notice}>{t("transparency.none_yet")}</p>
      </main>
    );
  const c = report.counts;
  const entries = <K extends string>(record: Record<K, number>, label: (key: K) => string): Array<[string, string]> =>
    (Object.entries(record) as Array<[K, number]>).map(([key, value]) => [label(key), n.format(value)]);
  return (
    <main className={`${ui.page} ${ui.stack}`}>
      <h1>{title}</h1>
      <p>{t("transparency.intro")}</p>
      <Form method="get" className={css.periodForm}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="period">
            {t("transparency.period")}
          </label>
          <select id="period" name="period" className={ui.input} defaultValue={report.period}>
            {periods.map((p) => (
              <option key={p.period} value={p.period}>
                {periodName(p.period)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={ui.buttonSecondary}>
          {t("transparency.show")}
        </button>
      </Form>
      <h2 className={ui.sectionTitle} data-testid="transparency-period">
        {periodName(report.period)}
      </h2>
      <p className={ui.muted}>
        {t("transparency.computed", { date: day.format(report.computed_at) })}
        {" · "}
        {t("transparency.window", { from: day.format(report.starts_at), to: day.format(report.ends_at - 1) })}
      </p>
      <div className={css.downloads}>
        <a className={ui.linkButton} href={path(`about/transparency/${report.period}.json`)} download>
          {t("transparency.download_json")}
        </a>
        <a className={ui.linkButton} href={path(`about/transparency/${report.period}.csv`)} download>
          {t("transparency.download_csv")}
        </a>
      </div>

      <CountTable
        testId="transparency-mar"
        caption={t("transparency.mar.title")}
        rows={[
          [t("transparency.mar.average"), n.format(c.monthly_active_recipients.average)],
          ...c.monthly_active_recipients.months.map((m): [string, string] => [
            new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
              Date.parse(`${m.month}-01T00:00:00Z`),
            ),
            n.format(m.recipients),
          ]),
        ]}
      />
      <p className={ui.muted}>{t("transparency.mar.method")}</p>

      <CountTable
        testId="transparency-notices"
        caption={t("transparency.notices.title")}
        rows={[
          [t("transparency.notices.received"), n.format(c.notices.received)],
          ...entries(c.notices.by_source, (key) => t(`transparency.sources.${key}`)),
          [t("transparency.notices.decided"), n.format(c.notices.decided)],
          [t("transparency.notices.acted_on"), n.format(c.notices.acted_on)],
          [t("transparency.notices.no_action"), n.format(c.notices.no_action)],
          [t("transparency.notices.manifestly_unfounded"), n.format(c.notices.manifestly_unfounded)],
          [t("transparency.notices.median"), duration(c.notices.median_decision_ms)],
          [t("transparency.notices.median_trusted"), duration(c.notices.median_decision_ms_trusted_flagger)],
        ]}
      />
      <CountTable
        caption={t("transparency.notices.by_type")}
        rows={entries(c.notices.by_type, (key) => t(`reports.types.${key}`, { ns: "reports" }))}
      />
      <CountTable
        caption={t("transparency.notices.by_kind")}
        rows={entries(c.notices.by_kind, (key) => t(`reports.kinds.${key}`, { ns: "reports" }))}
      />
      <CountTable
        testId="transparency-decisions"
        caption={t("transparency.decisions.title")}
        rows={[
          [t("transparency.decisions.total"), n.format(c.decisions.total)],
          ...entries(c.decisions.by_source, (key) => t(`transparency.decision_sources.${key}`)),
          ...entries(c.decisions.by_ground, (key) => t(`transparency.grounds.${key}`)),
          [t("transparency.decisions.automated_detection"), n.format(c.decisions.automated_detection)],
          [t("transparency.decisions.automated_decision"), n.format(c.decisions.automated_decision)],
        ]}
      />
      <p className={ui.muted}>{t("transparency.decisions.automation_note")}</p>
      <CountTable
        caption={t("transparency.decisions.by_restriction")}
        rows={entries(c.decisions.by_restriction, (key) => t(`transparency.restrictions.${key}`))}
      />
      <CountTable
        caption={t("transparency.appeals.title")}
        rows={[
          [t("transparency.appeals.received"), count(c.appeals.received)],
          [t("transparency.appeals.decided"), count(c.appeals.decided)],
          [t("transparency.appeals.reversed"), n.format(c.appeals.reversed)],
          [t("transparency.appeals.median"), duration(c.appeals.median_decision_ms)],
          [t("transparency.appeals.out_of_court"), n.format(c.out_of_court_disputes)],
        ]}
      />
      <CountTable
        caption={t("transparency.misuse.title")}
        rows={[
          [t("transparency.misuse.warnings_content"), n.format(c.misuse.warnings.illegal_content)],
          [t("transparency.misuse.suspensions_content"), n.format(c.misuse.suspensions.illegal_content)],
          [t("transparency.misuse.warnings_notices"), n.format(c.misuse.warnings.unfounded_notices)],
          [t("transparency.misuse.suspensions_notices"), n.format(c.misuse.suspensions.unfounded_notices)],
        ]}
      />
      <CountTable
        caption={t("transparency.orders.title")}
        rows={[
          [t("transparency.orders.act"), n.format(c.authority_orders.act_against_content)],
          [t("transparency.orders.information"), n.format(c.authority_orders.provide_information)],
        ]}
      />
    </main>
  );
}
