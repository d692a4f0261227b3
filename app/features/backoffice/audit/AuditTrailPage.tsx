/**
 * The audit viewer (issue 30 item 5): a GET filter form, then each staff action newest first — who, when, what, on
 * which object, why, the keys it changed, and the whole states before and after side by side behind a summary. Older
 * rows are a plain link with the id cursor. No JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AuditPageData } from "~/api/audit.server";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import * as css from "./audit.css";

const FIELDS = [
  { name: "actor", type: "text" },
  { name: "action", type: "text" },
  { name: "subject_type", type: "text" },
  { name: "subject_id", type: "text" },
  { name: "from", type: "date" },
  { name: "to", type: "date" },
] as const;

/** Stored JSON shown indented; null as a dash. */
const pretty = (text: string | null) => (text === null ? "—" : JSON.stringify(JSON.parse(text) as unknown, null, 2));

export function AuditTrailPage({
  title,
  filter,
  errors,
  trail,
}: {
  title: string;
  filter: Record<string, string>;
  errors: Record<string, string>;
  trail: AuditPageData;
}) {
  const { t } = useTranslation("staff");
  const { t: tCommon, i18n } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const base = to("backoffice/audit");
  const olderHref = () => {
    const query = new URLSearchParams(Object.entries(filter).filter(([key]) => key !== "before"));
    query.set("before", String(trail.nextBefore));
    return `${base}?${query.toString()}`;
  };
  return (
    <main className={ui.page}>
      <h1>{title}</h1>
      <p className={ui.muted}>{t("staff.audit.intro")}</p>
      <Form method="get" className={`${ui.card} ${css.filters}`} aria-label={t("staff.audit.filters.label")}>
        {FIELDS.map((field) => {
          const id = `audit-${field.name}`;
          const message = errors[field.name];
          return (
            <div key={field.name} className={ui.field}>
              <label className={ui.label} htmlFor={id}>
                {t(`staff.audit.filters.${field.name}`)}
              </label>
              <input
                id={id}
                name={field.name}
                type={field.type}
                className={ui.input}
                defaultValue={filter[field.name] ?? ""}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
              />
              <ErrorLine
                id={`${id}-error`}
                name={field.name}
                message={message ? translateMessage(tCommon, message, undefined, i18n.language) : undefined}
              />
            </div>
          );
        })}
        <div className={ui.row}>
          <button type="submit" className={ui.button}>
            {t("staff.audit.filters.apply")}
          </button>
          <Link to={base} className={ui.buttonSecondary}>
            {t("staff.audit.filters.reset")}
          </Link>
        </div>
      </Form>
      {trail.items.length === 0 ? (
        <p className={ui.notice} data-testid="audit-empty">
          {t("staff.audit.empty")}
        </p>
      ) : (
        <ol className={ui.entryList} data-testid="audit-rows">
          {trail.items.map((row) => (
            <li key={row.id} className={ui.entryCard} data-testid="audit-row" data-id={row.id}>
              <p className={css.meta}>
                <span className={css.action}>{row.action}</span>
                <span>
                  {row.subjectType} {row.subjectId}
                </span>
              </p>
              <p className={css.meta}>
                <span>
                  {t("staff.audit.who")}: {row.actorName ?? (row.actorId === null ? t("staff.audit.platform") : `#${row.actorId}`)}
                </span>
                <time dateTime={new Date(row.createdAt).toISOString()}>{formatHomeMoment(row.createdAt, lang)}</time>
              </p>
              <p>
                {t("staff.audit.why")}: {row.reason ?? <span className={ui.muted}>{t("staff.audit.no_reason")}</span>}
              </p>
              {row.changes.length > 0 ? (
                <table className={css.changes}>
                  <caption className="visually-hidden">{t("staff.audit.changes")}</caption>
                  <thead>
                    <tr>
                      <th className={css.changeCell} scope="col">
                        {t("staff.audit.key")}
                      </th>
                      <th className={css.changeCell} scope="col">
                        {t("staff.audit.before")}
                      </th>
                      <th className={css.changeCell} scope="col">
                        {t("staff.audit.after")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {row.changes.map((change) => (
                      <tr key={change.key}>
                        <th className={css.changeCell} scope="row">
                          {change.key}
                        </th>
                        <td className={css.changeCell}>{change.before ?? "—"}</td>
                        <td className={css.changeCell}>{change.after ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <details>
                <summary className={css.summary}>{t("staff.audit.full")}</summary>
                <div className={css.diff}>
                  <div>
                    <h3 className={ui.label}>{t("staff.audit.before")}</h3>
                    <pre className={css.json}>{pretty(row.beforeJson)}</pre>
                  </div>
                  <div>
                    <h3 className={ui.label}>{t("staff.audit.after")}</h3>
                    <pre className={css.json}>{pretty(row.afterJson)}</pre>
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
      <p className={ui.row}>
        {filter.before ? (
          <Link
            to={`${base}?${new URLSearchParams(Object.entries(filter).filter(([key]) => key !== "before")).toString()}`}
            className={ui.buttonSecondary}
          >
            {t("staff.audit.newest")}
          </Link>
        ) : null}
        {trail.nextBefore !== null ? (
          <Link to={olderHref()} className={ui.buttonSecondary} data-testid="audit-older">
            {t("staff.audit.older")}
          </Link>
        ) : null}
      </p>
    </main>
  );
}
