/**
 * backoffice/members (issue 30 item 5, ADR 118): the member search. A GET form — the query string is the state, so a
 * search is a link staff can share — and the page of results, each row a link to the member's page. Not hydrated.
 */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_SEARCH_STATUSES, MEMBER_SEARCH_TYPES } from "#server/contract/members";
import { userTypeName } from "#server/contract/users";
import { Field } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import * as css from "./members.css";
import type { loadMemberSearch } from "./members.server";

const TEXT_FILTERS = ["username", "email", "id", "city"] as const;

export function MemberSearchPage() {
  const { filter, errors, result } = useLoaderData<typeof loadMemberSearch>();
  const { t } = useTranslation("members");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const lang = useLang();
  const pageLink = (page: number) => {
    const query = new URLSearchParams({ ...filter, page: String(page) });
    return `${to("backoffice/members")}?${query.toString()}`;
  };
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("members.search.title")}</h1>
        <p className={ui.muted}>{t("members.search.intro")}</p>
        <Link to={to("backoffice")}>{t("members.search.to_queue")}</Link>
        <Form method="get" className={ui.stack} data-testid="member-search-form">
          {hasErrors ? (
            <p className={ui.alert} role="alert">
              {t("members.search.fix_filters")}
            </p>
          ) : null}
          <div className={css.filters}>
            {TEXT_FILTERS.map((name) => (
              <Field
                key={name}
                name={name}
                label={t(`members.search.${name}`)}
                defaultValue={filter[name] ?? ""}
                errors={errors[name]}
                inputMode={name === "id" ? "numeric" : undefined}
                type={name === "email" ? "email" : "text"}
                autoComplete="off"
              />
            ))}
            <SelectField
              name="type"
              label={t("members.search.type")}
              defaultValue={filter.type ?? ""}
              errors={errors.type}
              placeholder={t("members.search.any")}
              options={MEMBER_SEARCH_TYPES.map((type) => ({ value: type, label: tCommon(`user_types.${type}`) }))}
            />
            <SelectField
              name="status"
              label={t("members.search.status")}
              defaultValue={filter.status ?? ""}
              errors={errors.status}
              placeholder={t("members.search.any")}
              options={MEMBER_SEARCH_STATUSES.map((status) => ({ value: status, label: t(`members.status.${status}`) }))}
            />
          </div>
          <div className={ui.row}>
            <button className={ui.button} type="submit">
              {t("members.search.submit")}
            </button>
            <Link className={ui.linkButton} to={to("backoffice/members")}>
              {t("members.search.reset")}
            </Link>
          </div>
        </Form>
        {result === null ? null : result.items.length === 0 ? (
          <p className={ui.card} data-testid="member-search-empty">
            {t("members.search.empty")}
          </p>
        ) : (
          <ul className={ui.entryList} data-testid="member-search-results">
            {result.items.map((item) => (
              <li key={item.id} className={ui.entryCard} data-testid="member-search-item" data-member={item.username}>
                <Link className={css.resultLink} to={to(`backoffice/members/${item.id}`)}>
                  <span className={css.resultName}>{item.username}</span> · #{item.id} ·{" "}
                  {tCommon(`user_types.${userTypeName(item.userType)}`)} · {t(`members.status.${item.status}`)}
                  <br />
                  <span className={ui.muted}>
                    {item.email}
                    {item.cityName ? ` · ${item.cityName}` : ""} ·{" "}
                    {t("members.search.registered", { date: formatHomeMoment(item.createdAt, lang) })}
                    {item.lastActiveAt ? ` · ${t("members.search.last_active", { date: formatHomeMoment(item.lastActiveAt, lang) })}` : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {result && (result.page > 1 || result.hasMore) ? (
          <nav className={ui.row} aria-label={t("members.search.page", { page: result.page })}>
            {result.page > 1 ? (
              <Link className={ui.linkButton} to={pageLink(result.page - 1)}>
                {t("members.search.previous")}
              </Link>
            ) : null}
            <span className={ui.muted}>{t("members.search.page", { page: result.page })}</span>
            {result.hasMore ? (
              <Link className={ui.linkButton} to={pageLink(result.page + 1)} data-testid="member-search-next">
                {t("members.search.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}
