/**
 * promo/code: one field and a button (a plain form post). A refused code is explained at the field; a valid one, for a
 * guest, says what it gives and leads to sign-up or login, both coming back to the checkout with the code.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROMO_CODE_MAX_LENGTH } from "#server/contract/checkout";
import type { MemberPromosData, PromoCodeCheckData } from "~/api/checkout.server";
import { formatAmount } from "#server/contract/prices";
import { Field, FormErrors } from "~/components/Field";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { formatEuro } from "~/features/checkout/checkout-text";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { withReturnPath } from "~/utils/return-path";

type Checked = PromoCodeCheckData & { checkout: string };

/** "10 % off" / "€5.00 off", per language. */
function useDiscountText() {
  const { t } = useTranslation("promo-code");
  const lang = useLang();
  return (check: Pick<PromoCodeCheckData, "kind" | "value">) =>
    check.kind === "percent"
      ? t("promo_code.off_percent", { value: new Intl.NumberFormat(lang).format(check.value) })
      : t("promo_code.off_amount", { amount: formatEuro(check.value, lang) });
}

export function PromoCodePage({
  title,
  signedIn,
  code,
  reply,
  checked,
  offers = [],
}: {
  title: string;
  signedIn: boolean;
  code: string;
  offers?: MemberPromosData["items"];
  reply: FormReply | null;
  checked: Checked | null;
}) {
  const { t } = useTranslation("promo-code");
  const lang = useLang();
  const to = useLocalePath();
  const discount = useDiscountText();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p>{t(signedIn ? "promo_code.intro_member" : "promo_code.intro_guest")}</p>
        {checked ? (
          <section className={`${ui.card} ${ui.stack}`} data-testid="promo-valid" aria-labelledby="promo-valid-title">
            <h2 id="promo-valid-title" className={ui.sectionTitle}>
              {t("promo_code.valid_title", { code: checked.code })}
            </h2>
            <p style={{ margin: 0 }}>
              <strong>{discount(checked)}</strong>{" "}
              {checked.anyGoods ? t("promo_code.on_everything") : t(`promo_code.goods.${checked.goods}`)}
            </p>
            {checked.validUntil !== null ? (
              <p className={ui.muted} style={{ margin: 0 }}>
                {t("promo_code.valid_until", { date: formatCalendarDate(homeDayOf(checked.validUntil - 1), lang) })}
              </p>
            ) : null}
            <p style={{ margin: 0 }}>{t("promo_code.guest_next")}</p>
            <div className={ui.row}>
              <Link className={ui.button} to={withReturnPath(to("join/user"), checked.checkout)} data-testid="promo-sign-up">
                {t("promo_code.sign_up")}
              </Link>
              <Link className={ui.buttonSecondary} to={withReturnPath(to("login"), checked.checkout)} data-testid="promo-login">
                {t("promo_code.login")}
              </Link>
            </div>
          </section>
        ) : null}
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="promo-form">
          <FormErrors errors={reply ? errorsBesides(reply, ["code"]) : []} />
          <Field
            name="code"
            label={t("promo_code.label")}
            hint={t("promo_code.hint")}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={PROMO_CODE_MAX_LENGTH}
            required
            defaultValue={reply ? inputText(reply, "code") : checked ? checked.code : code}
            errors={reply?.fieldErrors.code ?? []}
          />
          <button type="submit" className={ui.button}>
            {t(signedIn ? "promo_code.submit_member" : "promo_code.submit_guest")}
          </button>
        </Form>
        {offers.length > 0 ? (
          <section className={ui.stack} aria-labelledby="member-offers" data-testid="member-offers">
            <h2 id="member-offers" className={ui.sectionTitle}>
              {t("promo_code.offers.title")}
            </h2>
            <ul className={ui.entryList}>
              {offers.map((offer) => (
                <li key={offer.kind} className={ui.card}>
                  <p style={{ margin: 0 }}>
                    <strong>{t(`promo_code.offers.${offer.kind}.title`)}</strong> –{" "}
                    {t("promo_code.offers.from", { price: formatAmount(offer.price, lang) })}
                  </p>
                  <p className={ui.muted} style={{ margin: 0 }}>
                    {t(`promo_code.offers.${offer.kind}.text`)}
                  </p>
                  <p style={{ margin: 0 }}>
                    <Link to={to(offer.path)}>{t(`promo_code.offers.${offer.kind}.link`)}</Link>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
