/** user/billing_invoices, the page: the member's invoices and credit notes with their downloads, and the billing details form. */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getSelectProps, useForm } from "~/components/form/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, FormField } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { SettingsCard, SettingsFrame, SettingsLink } from "~/features/settings/SettingsFrame";
import type { BillingInvoicesView } from "./billing-invoices.server";
import * as css from "./invoices.css";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadBillingInfoSchema = () => import("#server/contract/invoices").then((m) => m.billingInfoSchema);

function InvoiceItems({ items }: { items: BillingInvoicesView["items"] }) {
  const { t } = useTranslation("invoices");
  const to = useLocalePath();
  if (items.length === 0) {
    return (
      <p data-testid="billing-invoices-empty">
        <strong>{t("invoice_list.empty")}</strong> {t("invoice_list.empty_hint")}
      </p>
    );
  }
  return (
    <ul className={ui.plainList} data-testid="invoice-list">
      {items.map((item) => (
        <li key={item.id} className={css.item} data-testid="invoice-item">
          <div className={css.head}>
            <span>
              {t(item.document === "credit_note" ? "invoice_list.credit_note" : "invoice_list.invoice")} {item.number}
            </span>
            <span>{item.amount}</span>
          </div>
          <span className={ui.muted}>
            {item.date} · {t(`invoice_list.status.${item.status}`)}
            {item.correctsNumber ? ` · ${t("invoice_list.corrects", { number: item.correctsNumber })}` : ""}
          </span>
          <span>{item.description}</span>
          <div className={css.downloads}>
            {item.formats.map((format) => (
              <a
                key={format}
                className={css.download}
                href={`${to(`user/billing_invoices/${item.id}`)}${format === "pdf" ? "" : `?format=${format}`}`}
                download
              >
                {t(`invoice_list.download.${format}`)}
              </a>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

function BillingForm({
  billing,
  countries,
  lastResult,
}: Pick<BillingInvoicesView, "billing" | "countries"> & { lastResult: SubmissionResult<string[]> | null }) {
  const { t, i18n } = useTranslation("invoices");
  const [form, fields] = useForm({
    id: "billing-form",
    lastResult,
    defaultValue: {
      name: billing.name,
      company: billing.company ?? "",
      street: billing.street,
      postal_code: billing.postalCode,
      city: billing.city,
      country: billing.country,
      email: billing.email,
      vat_id: billing.vatId ?? "",
    },
    schema: loadBillingInfoSchema,
    shouldValidate: "onBlur",
  });
  const countryError = fields.country.errors?.[0];
  const status = billing.vatIdStatus;
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <FormField label={t("billing.name")} autoComplete="name" field={fields.name} type="text" />
      <FormField label={t("billing.company")} autoComplete="organization" field={fields.company} type="text" />
      <FormField label={t("billing.street")} autoComplete="street-address" field={fields.street} type="text" />
      <FormField label={t("billing.postal_code")} autoComplete="postal-code" field={fields.postal_code} type="text" />
      <FormField label={t("billing.city")} autoComplete="address-level2" field={fields.city} type="text" />
      <div className={ui.field}>
        <label className={ui.label} htmlFor="field-country">
          {t("billing.country")}
        </label>
        <select
          {...getSelectProps(fields.country, { ariaAttributes: false })}
          id="field-country"
          className={ui.input}
          autoComplete="country"
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? "field-country-error" : undefined}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <ErrorLine name="country" message={countryError ? translateMessage(t, countryError, undefined, i18n.language) : undefined} />
      </div>
      <FormField label={t("billing.email")} autoComplete="email" field={fields.email} type="email" />
      <FormField label={t("billing.vat_id")} hint={t("billing.vat_id_hint")} autoComplete="off" field={fields.vat_id} type="text" />
      {status ? (
        <p className={ui.muted} data-testid="vat-id-status">
          {t(`billing.vat_status.${status}`)}
        </p>
      ) : null}
      <div className={ui.row}>
        <button className={ui.button} type="submit">
          {t("billing.save")}
        </button>
      </div>
    </Form>
  );
}

export function BillingInvoicesPage({ view, lastResult }: { view: BillingInvoicesView; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("invoices");
  return (
    <SettingsFrame title={view.title} intro={t("invoice_list.intro")} notice={view.saved ? t("billing.saved") : null}>
      <SettingsCard id="billing-invoices" title={t("invoice_list.title")} testId="billing-invoices">
        <InvoiceItems items={view.items} />
      </SettingsCard>
      <SettingsCard id="billing-address" title={t("billing.title")} testId="billing-address">
        <p className={ui.muted}>{t("billing.intro")}</p>
        <BillingForm billing={view.billing} countries={view.countries} lastResult={lastResult} />
      </SettingsCard>
      <SettingsCard id="billing-plan" title={t("invoice_list.plan_title")}>
        <SettingsLink path="user/membership">{t("invoice_list.plan_link")}</SettingsLink>
      </SettingsCard>
    </SettingsFrame>
  );
}
