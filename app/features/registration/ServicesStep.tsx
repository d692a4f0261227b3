import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EXTRA_NAME_MAX, PRICE_DURATIONS, PRICE_MAX, PRICE_MIN, priceKey } from "#server/contract/profile-form-limits";
import { Field, FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, TraitChoices, type StepFormProps } from "./controls";
import * as css from "./steps.css";

const BLANK_EXTRAS = 2;

/** "15 Minuten", "2 Stunden": durations of the price list in the page's language. */
export function useDurationLabel() {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes < 60
      ? t("registration_steps.services.minutes", { count: minutes })
      : t("registration_steps.services.hours", { count: minutes / 60 });
}

/** Step 5 (escorts): services by category, meeting options, customer types, time prices and extras. */
export function ServicesStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const [form, fields] = useReplyForm({
    lastResult,
    defaultValue: {
      escort_service: step.traits.escort_service ?? [],
      meeting_option: step.traits.meeting_option ?? [],
      customer_type: step.traits.customer_type ?? [],
      prices: step.prices,
      extras: step.extras,
    },
  });
  // Values as the form last had them (saved data, or what a failed submit sent).
  const initial = {
    prices: fields.prices.initialValue as Record<string, unknown> | undefined,
    extras: fields.extras.initialValue as Array<{ name?: unknown; price?: unknown }> | undefined,
  };
  const errors = form.allErrors;
  const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
  const extras = [
    ...(Array.isArray(initial.extras) ? initial.extras : []),
    ...Array.from({ length: BLANK_EXTRAS }, () => ({}) as { name?: unknown; price?: unknown }),
  ];
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <TraitChoices group="escort_service" field={fields.escort_service} />
      <TraitChoices group="meeting_option" field={fields.meeting_option} />
      <TraitChoices group="customer_type" field={fields.customer_type} />
      <fieldset className={css.fieldset} data-group="prices">
        <legend className={css.legend}>{t("registration_steps.services.prices")}</legend>
        <p className={ui.muted}>{t("registration_steps.services.prices_hint", { min: PRICE_MIN, max: PRICE_MAX })}</p>
        <div className={css.twoColumns}>
          {PRICE_DURATIONS.map((minutes) => {
            const name = `prices.${priceKey(minutes)}`;
            return (
              <Field
                key={minutes}
                label={`${durationLabel(minutes)} (€)`}
                name={name}
                id={`field-price-${minutes}`}
                inputMode="numeric"
                defaultValue={text(initial.prices?.[priceKey(minutes)])}
                errors={errors[name]}
              />
            );
          })}
        </div>
      </fieldset>
      <fieldset className={css.fieldset} data-group="extras">
        <legend className={css.legend}>{t("registration_steps.services.extras")}</legend>
        <p className={ui.muted}>{t("registration_steps.services.extras_hint")}</p>
        {extras.map((extra, i) => (
          <div key={i} className={css.row}>
            <Field
              label={t("registration_steps.services.extra_name")}
              name={`extras[${i}].name`}
              id={`field-extras-${i}-name`}
              maxLength={EXTRA_NAME_MAX}
              defaultValue={text(extra.name)}
              errors={errors[`extras[${i}].name`]}
            />
            <Field
              label={t("registration_steps.services.extra_price")}
              name={`extras[${i}].price`}
              id={`field-extras-${i}-price`}
              inputMode="numeric"
              defaultValue={text(extra.price)}
              errors={errors[`extras[${i}].price`]}
            />
          </div>
        ))}
      </fieldset>
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}
