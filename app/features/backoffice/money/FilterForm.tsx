/**
 * A list's filters as a GET form (DESIGN §4: the query string is the state): selects, days and texts, each with its
 * error line; "filter" submits, "reset" is a link to the bare list. The page number is left out, so a new filter
 * starts at page 1.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./money.css";

export type FilterField =
  | { name: string; kind: "select"; options: readonly string[]; optionKey: string; noAny?: boolean }
  | { name: string; kind: "date" | "text" };

export function FilterForm({
  fields,
  values,
  errors,
  resetTo,
}: {
  fields: readonly FilterField[];
  values: Record<string, string>;
  errors: Record<string, string[]>;
  resetTo: string;
}) {
  const { t } = useTranslation("accounting");
  const { t: tCommon, i18n } = useTranslation();
  return (
    <Form method="get" className={`${ui.card} ${css.filters}`} aria-label={t("accounting.filters.label")}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        const message = errors[field.name]?.[0];
        const described = message ? `${id}-error` : undefined;
        return (
          <div key={field.name} className={ui.field}>
            <label className={ui.label} htmlFor={id}>
              {t(`accounting.filters.${field.name}`)}
            </label>
            {field.kind === "select" ? (
              <select
                id={id}
                name={field.name}
                className={`${ui.input} ${css.select}`}
                defaultValue={values[field.name] ?? ""}
                aria-describedby={described}
              >
                {field.noAny ? null : <option value="">{t("accounting.filters.any")}</option>}
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {t(`accounting.${field.optionKey}.${option}`)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={field.name}
                type={field.kind === "date" ? "date" : "text"}
                className={ui.input}
                defaultValue={values[field.name] ?? ""}
                aria-invalid={message ? true : undefined}
                aria-describedby={described}
              />
            )}
            <ErrorLine
              id={`${id}-error`}
              name={field.name}
              message={message ? translateMessage(tCommon, message, undefined, i18n.language) : undefined}
            />
          </div>
        );
      })}
      <div className={`${ui.row} ${css.filterButtons}`}>
        <button type="submit" className={ui.button}>
          {t("accounting.filters.apply")}
        </button>
        <Link to={resetTo} className={ui.buttonSecondary}>
          {t("accounting.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** A list page's paging links, the filters kept. */
export function pageHref(path: string, values: Record<string, string>, page: number): string {
  const query = new URLSearchParams({ ...values, page: String(page) });
  if (page === 1) query.delete("page");
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
