/**
 * The promo code editor (ADR 080): the codes with their limits and use, a form for a new one, and a page per code to
 * change it or switch it off (and on again). The value is a percentage or euros, by kind; validity as days (Berlin),
 * "until" including its last day. Every refusal is shown at its field, the input kept.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { accountingDayOf, PROMO_KINDS } from "#server/contract/accounting";
import { GOODS } from "#server/contract/billing";
import type { PromoCodeData, PromoCodeListData } from "~/api/accounting.server";
import { Field, FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { inputText, type FormReply } from "~/components/form/reply";
import { PageLinks } from "~/components/PageLinks";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav } from "./MoneyNav";

/** A promo code's fields as the form shows them. */
function formValues(promo: PromoCodeData | null, euroInput: (cents: number) => string): Record<string, string> {
  if (!promo) return { kind: "percent", max_per_member: "1" };
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.kind === "percent" ? String(promo.value) : euroInput(promo.value),
    goods: promo.goods ?? "",
    valid_from: promo.validFrom === null ? "" : accountingDayOf(promo.validFrom),
    // Stored as the instant after the last day: the form shows the last day.
    valid_until: promo.validUntil === null ? "" : accountingDayOf(promo.validUntil - 1),
    max_redemptions: promo.maxRedemptions === null ? "" : String(promo.maxRedemptions),
    max_per_member: String(promo.maxPerMember),
  };
}

function PromoForm({ promo, failure, intent }: { promo: PromoCodeData | null; failure: FormReply | null; intent?: string }) {
  const { t } = useTranslation("accounting");
  const { t: tCommon, i18n } = useTranslation();
  const initial = formValues(promo, useMoneyFormat().euroInput);
  const value = (name: string) => (failure ? inputText(failure, name) : (initial[name] ?? ""));
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  const select = (name: string, options: readonly string[], optionKey: string, withAll: boolean) => {
    const message = errors(name)[0];
    return (
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`field-${name}`}>
          {t(`accounting.promo.fields.${name}`)}
        </label>
        <select id={`field-${name}`} name={name} className={`${ui.input} ${css.select}`} defaultValue={value(name)}>
          {withAll ? <option value="">{t("accounting.promo.all_goods")}</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`accounting.${optionKey}.${option}`)}
            </option>
          ))}
        </select>
        <ErrorLine name={name} message={message ? translateMessage(tCommon, message, undefined, i18n.language) : undefined} />
      </div>
    );
  };
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="promo-form">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors errors={failure?.formErrors ?? []} />
      <Field
        name="code"
        label={t("accounting.promo.fields.code")}
        hint={t("accounting.promo.code_hint")}
        autoComplete="off"
        defaultValue={value("code")}
        errors={errors("code")}
      />
      {select("kind", PROMO_KINDS, "promo.kinds", false)}
      <Field
        name="value"
        label={t("accounting.promo.fields.value")}
        hint={t("accounting.promo.value_hint")}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value("value")}
        errors={errors("value")}
      />
      {select("goods", GOODS, "goods", true)}
      <Field
        name="valid_from"
        type="date"
        label={t("accounting.promo.fields.valid_from")}
        defaultValue={value("valid_from")}
        errors={errors("valid_from")}
      />
      <Field
        name="valid_until"
        type="date"
        label={t("accounting.promo.fields.valid_until")}
        defaultValue={value("valid_until")}
        errors={errors("valid_until")}
      />
      <Field
        name="max_redemptions"
        type="number"
        min={1}
        inputMode="numeric"
        label={t("accounting.promo.fields.max_redemptions")}
        hint={t("accounting.promo.unlimited_hint")}
        defaultValue={value("max_redemptions")}
        errors={errors("max_redemptions")}
      />
      <Field
        name="max_per_member"
        type="number"
        min={1}
        inputMode="numeric"
        label={t("accounting.promo.fields.max_per_member")}
        defaultValue={value("max_per_member")}
        errors={errors("max_per_member")}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.button}>
          {promo ? t("accounting.promo.save") : t("accounting.promo.create")}
        </button>
      </div>
    </Form>
  );
}

function useValueText() {
  const f = useMoneyFormat();
  return (promo: PromoCodeData) => (promo.kind === "percent" ? `${promo.value} %` : f.euros(promo.value));
}

export function PromoCodesPage({ list, created, failure }: { list: PromoCodeListData; created: boolean; failure: FormReply | null }) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  const valueText = useValueText();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("accounting.promo.title")}</h1>
        <MoneyNav current="promo-codes" />
        {created && !failure ? (
          <p className={ui.notice} role="status" data-testid="promo-created">
            {t("accounting.promo.created")}
          </p>
        ) : null}
        {list.items.length === 0 ? (
          <p className={ui.card}>{t("accounting.promo.none")}</p>
        ) : (
          <div className={css.tableWrap}>
            <table className={css.table} data-testid="promo-codes">
              <thead>
                <tr>
                  <th className={css.cell}>{t("accounting.promo.fields.code")}</th>
                  <th className={css.num}>{t("accounting.promo.fields.value")}</th>
                  <th className={css.cell}>{t("accounting.promo.state")}</th>
                  <th className={css.num}>{t("accounting.promo.used")}</th>
                  <th className={css.cell}>{t("accounting.promo.fields.goods")}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((promo) => (
                  <tr key={promo.id}>
                    <td className={css.cell}>
                      <Link className={css.rowLink} to={to(`backoffice/promo-codes/${promo.id}`)}>
                        {promo.code}
                      </Link>
                    </td>
                    <td className={css.num}>{valueText(promo)}</td>
                    <td className={css.cell}>{promo.active ? t("accounting.promo.active") : t("accounting.promo.inactive")}</td>
                    <td className={css.num}>
                      {promo.redemptions}
                      {promo.maxRedemptions === null ? "" : ` / ${promo.maxRedemptions}`}
                    </td>
                    <td className={css.cell}>{promo.goods ? t(`accounting.goods.${promo.goods}`) : t("accounting.promo.all_goods")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks page={list.page} pages={pages} hrefOf={(p) => `${to("backoffice/promo-codes")}?page=${p}`} />
        <section className={ui.stack} aria-labelledby="new-promo">
          <h2 id="new-promo" className={ui.sectionTitle}>
            {t("accounting.promo.new")}
          </h2>
          <PromoForm promo={null} failure={failure} />
        </section>
      </div>
    </main>
  );
}

export function PromoCodePage({ promo, done, failure }: { promo: PromoCodeData; done: string | null; failure: FormReply | null }) {
  const { t } = useTranslation("accounting");
  const f = useMoneyFormat();
  const valueText = useValueText();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>
          {t("accounting.promo.edit_title")} {promo.code}
        </h1>
        <MoneyNav current="promo-codes" />
        {done && !failure ? (
          <p className={ui.notice} role="status" data-testid="promo-done">
            {t(`accounting.promo.done.${done}`)}
          </p>
        ) : null}
        <div className={`${ui.card} ${ui.stack}`}>
          <p>
            <strong>{valueText(promo)}</strong> · {promo.active ? t("accounting.promo.active") : t("accounting.promo.inactive")} ·{" "}
            {t("accounting.promo.used_count", { count: promo.redemptions })} · {f.moment(promo.createdAt)}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="active" value={promo.active ? "0" : "1"} />
            <button type="submit" className={promo.active ? ui.buttonSecondary : ui.button} data-testid="promo-toggle">
              {promo.active ? t("accounting.promo.deactivate") : t("accounting.promo.activate")}
            </button>
          </Form>
        </div>
        <PromoForm key={promo.id} promo={promo} failure={failure} intent="save" />
      </div>
    </main>
  );
}
