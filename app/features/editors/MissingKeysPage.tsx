/**
 * backoffice/translations (ADR 136, 139): the translation keys browsers reported missing. A GET filter form
 * (language, namespace, state), the open keys per language and namespace as links into the filter, the keys of the
 * page with their counts and first/last report, and per key a plain form that marks it fixed or dismisses it. Not
 * hydrated.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OPERATOR_TIME_ZONE } from "#server/contract/calendar";
import { NAMESPACES, SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { MISSING_KEY_FILTER_STATES } from "#server/contract/translations";
import type { MissingKeyListData, MissingKeyQuery } from "~/api/translations.server";
import { FormErrors } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { PageLinks } from "~/components/PageLinks";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./editors.css";

type Item = MissingKeyListData["items"][number];

/** The list's address with the filter and a page (page 1 is the address without it). */
function hrefOf(base: string, filter: MissingKeyQuery, page?: number): string {
  const query = new URLSearchParams();
  if (filter.lng) query.set("lng", filter.lng);
  if (filter.ns) query.set("ns", filter.ns);
  if (filter.state && filter.state !== "open") query.set("state", filter.state);
  if (page && page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

function KeyCard({ item, lang, back }: { item: Item; lang: Language; back: string }) {
  const { t } = useTranslation("editors");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: OPERATOR_TIME_ZONE });
  const count = new Intl.NumberFormat(lang).format(item.count);
  // The actions a state leaves open: an open key may be either; a closed one may change to the other.
  const actions = (["fixed", "dismissed"] as const).filter((as) => as !== item.state);
  return (
    <li className={`${ui.card} ${ui.stack}`} data-testid="missing-key" data-state={item.state} data-key={item.key}>
      <div className={ui.row}>
        <span className={css.state[item.state]}>{t(`editors.translations.states.${item.state}`)}</span>
        <strong>{item.language.toUpperCase()}</strong>
        <span className={ui.muted}>{item.namespace}</span>
      </div>
      <code className={css.key}>{item.key}</code>
      <p className={ui.muted}>
        {t("editors.translations.reported", { count: item.count, formatted: count })}
        {" · "}
        {t("editors.translations.seen", { first: date.format(item.firstSeenAt), last: date.format(item.lastSeenAt) })}
      </p>
      <div className={ui.row}>
        {actions.map((as) => (
          <Form method="post" key={as}>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="intent" value={as} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={as === "fixed" ? ui.button : ui.buttonSecondary} data-testid={`missing-key-${as}`}>
              {t(`editors.translations.actions.${as}`)}
            </button>
          </Form>
        ))}
      </div>
    </li>
  );
}

export function MissingKeysPage({
  lang,
  list,
  filter,
  done,
  failure,
}: {
  lang: Language;
  list: MissingKeyListData;
  filter: MissingKeyQuery & { state: string };
  done: "fixed" | "dismissed" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("editors");
  const base = localePath(lang, "backoffice/translations");
  const pages = Math.max(1, Math.ceil(list.total / list.perPage));
  const here = hrefOf(base, filter, list.page);
  const back = here.slice(base.length);
  const openTotal = list.groups.reduce((sum, group) => sum + group.open, 0);
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("editors.translations.title")}</h1>
        <p className={ui.muted}>{t("editors.translations.intro")}</p>
        {done && !failure ? (
          <p className={ui.notice} role="status" data-testid="missing-key-done">
            {t(`editors.translations.done.${done}`)}
          </p>
        ) : null}
        {failure ? <FormErrors errors={errorsBesides(failure, [])} /> : null}

        <section className={ui.stack} aria-labelledby="missing-groups">
          <h2 id="missing-groups" className={ui.sectionTitle}>
            {t("editors.translations.groups_title", { count: openTotal })}
          </h2>
          {list.groups.length === 0 ? (
            <p className={ui.card} data-testid="missing-groups-empty">
              {t("editors.translations.groups_none")}
            </p>
          ) : (
            <ul className={css.groupList} data-testid="missing-groups">
              {list.groups.map((group) => (
                <li key={`${group.language}/${group.namespace}`}>
                  <Link
                    className={ui.buttonSecondary}
                    to={hrefOf(base, { lng: group.language, ns: group.namespace, state: "open" })}
                    data-testid="missing-group"
                  >
                    {`${group.language.toUpperCase()} · ${group.namespace}: ${new Intl.NumberFormat(lang).format(group.open)}`}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <Form method="get" className={`${ui.card} ${ui.stack}`} data-testid="missing-filter">
          <SelectField
            name="lng"
            label={t("editors.translations.filter.language")}
            placeholder={t("editors.translations.filter.any")}
            options={SUPPORTED_LANGUAGES.map((code) => ({ value: code, label: t(`editors.languages.${code}`) }))}
            defaultValue={filter.lng ?? ""}
          />
          <SelectField
            name="ns"
            label={t("editors.translations.filter.namespace")}
            placeholder={t("editors.translations.filter.any")}
            options={NAMESPACES.map((ns) => ({ value: ns, label: ns }))}
            defaultValue={filter.ns ?? ""}
          />
          <SelectField
            name="state"
            label={t("editors.translations.filter.state")}
            options={MISSING_KEY_FILTER_STATES.map((state) => ({ value: state, label: t(`editors.translations.states.${state}`) }))}
            defaultValue={filter.state}
          />
          <button type="submit" className={ui.button}>
            {t("editors.translations.filter.submit")}
          </button>
        </Form>

        <p className={ui.muted} data-testid="missing-total">
          {t("editors.translations.total", { count: list.total, formatted: new Intl.NumberFormat(lang).format(list.total) })}
        </p>
        {list.items.length === 0 ? (
          <p className={ui.card} data-testid="missing-keys-empty">
            {t("editors.translations.none")}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="missing-keys">
            {list.items.map((item) => (
              <KeyCard key={item.id} item={item} lang={lang} back={back} />
            ))}
          </ul>
        )}
        <PageLinks page={list.page} pages={pages} hrefOf={(page) => hrefOf(base, filter, page)} />
      </div>
    </main>
  );
}
