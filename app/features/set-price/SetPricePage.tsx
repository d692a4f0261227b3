/**
 * set_price, the page (ADR 138): the prices members look at first, in one short form that works without JavaScript,
 * what members see now in the page's money format, and the way into the full service-price list.
 */
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { PRICE_MAX, PRICE_MIN, priceKey } from "#server/contract/profile-form-limits";
import { Field, FormErrors } from "~/components/Field";
import { readReply } from "~/components/form/reply";
import { SettingsFrame, SettingsSaveButton } from "~/features/settings/SettingsFrame";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadSetPrice, submitSetPrice } from "./set-price.server";

/** "160 €" in German, "€160" in English: whole euros in the page's language. */
export function formatEuros(lang: Language, euros: number): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang], { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(euros);
}

export function SetPricePage() {
  const { lang, title, prices } = useLoaderData<typeof loadSetPrice>();
  const answer = useActionData<typeof submitSetPrice>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("account");
  const to = useLocalePath();
  if (!prices) {
    return (
      <SettingsFrame title={title}>
        <p data-testid="set-price-not-priced">{t("set_price.not_priced")}</p>
        <p>
          <Link className={ui.buttonSecondary} to={to("my_dashboard")}>
            {t("set_price.to_dashboard")}
          </Link>
        </p>
      </SettingsFrame>
    );
  }
  const reply = readReply(answer?.lastResult);
  const sent = (reply.input.prices ?? {}) as Record<string, unknown>;
  const saved = searchParams.get("saved") === "1" && !answer;
  const shown = prices.durations.filter((minutes) => prices.prices[priceKey(minutes)] !== undefined);
  return (
    <SettingsFrame
      title={title}
      intro={t("set_price.intro", { min: PRICE_MIN, max: PRICE_MAX })}
      notice={saved ? t("set_price.saved") : null}
    >
      <FormErrors errors={reply.formErrors} />
      <section className={ui.card} aria-labelledby="set-price-now" data-testid="set-price-now">
        <h2 id="set-price-now">{t("set_price.now_title")}</h2>
        {shown.length === 0 ? (
          <p className={ui.muted}>{t("set_price.none_yet")}</p>
        ) : (
          <ul>
            {shown.map((minutes) => (
              <li key={minutes}>
                {t(`set_price.durations.${minutes}`)}: <strong>{formatEuros(lang, prices.prices[priceKey(minutes)]!)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="set-price-form">
        {prices.durations.map((minutes) => {
          const key = priceKey(minutes);
          const name = `prices.${key}`;
          const kept = sent[key];
          return (
            <Field
              key={minutes}
              name={name}
              id={`field-price-${minutes}`}
              label={t("set_price.field", { duration: t(`set_price.durations.${minutes}`) })}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={answer ? (typeof kept === "string" ? kept : "") : String(prices.prices[key] ?? "")}
              errors={reply.fieldErrors[name] ?? []}
            />
          );
        })}
        <SettingsSaveButton />
      </Form>
      <p>
        <Link className={ui.blockLink} to={to("user/service_prices")} data-testid="set-price-full-list">
          {t("set_price.full_list")}
        </Link>
        {prices.other_prices > 0 ? <span className={ui.muted}> {t("set_price.other_prices", { count: prices.other_prices })}</span> : null}
      </p>
    </SettingsFrame>
  );
}
