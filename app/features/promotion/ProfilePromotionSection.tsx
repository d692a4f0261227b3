/**
 * promotion/profile (ADR 090): what a promotion profile is, its price and duration, the member's waiting or running
 * one, or the buy form — a headline and one of the member's public photos, paid now, reviewed by the team before it
 * runs (a refusal gives the dollars back). A refused post keeps the headline and the chosen photo, each error at its
 * field.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { PromotionOverviewData } from "~/api/promotion.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./promotion.css";

const FIELDS = ["text", "media_id"];
const BENEFITS = ["city_top", "search_top", "marked", "reviewed"] as const;

export function ProfilePromotionSection({
  overview,
  formKey,
  reply,
}: {
  overview: PromotionOverviewData;
  formKey: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("promotion");
  const { t: tCommon } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const profile = overview.profile;
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  const covered = overview.balance >= profile.price.amount;
  const photoError = reply?.fieldErrors.media_id?.[0];
  const chosen = reply ? inputText(reply, "media_id") : "";
  return (
    <>
      <section className={`${ui.card} ${ui.stack}`}>
        <p>{t("promotion.profile.intro", { days: profile.days })}</p>
        <ul className={css.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{t(`promotion.profile.benefits.${benefit}`, { days: profile.days })}</li>
          ))}
        </ul>
      </section>

      <section className={`${ui.card} ${ui.stack}`} data-testid="profile-promotion-buy">
        <h2 className={css.heading}>{t("promotion.profile.buy_heading")}</h2>
        <dl className={css.facts}>
          <dt className={css.factLabel}>{t("promotion.rise_up.price")}</dt>
          <dd className={css.factValue} data-testid="profile-promotion-price">
            {t("promotion.profile.price_for", { price: dollars(profile.price.amount), days: profile.days })}
          </dd>
          <dt className={css.factLabel}>{t("promotion.rise_up.balance")}</dt>
          <dd className={css.factValue} data-testid="profile-promotion-balance">
            {dollars(overview.balance)}
          </dd>
        </dl>
        {!overview.canBuy ? (
          <p data-testid="profile-promotion-providers-only">{t("promotion.profile.providers_only")}</p>
        ) : !overview.listed ? (
          <p data-testid="profile-promotion-not-listed">{t("promotion.rise_up.not_listed")}</p>
        ) : profile.pending ? (
          <p className={ui.notice} data-testid="profile-promotion-pending">
            {t("promotion.profile.pending")}
          </p>
        ) : profile.running ? (
          <p className={ui.notice} data-testid="profile-promotion-running">
            {t("promotion.profile.running", { date: formatHomeMoment(profile.running.endsAt ?? 0, lang) })}
          </p>
        ) : profile.photos.length === 0 ? (
          <p data-testid="profile-promotion-no-photo">
            {t("promotion.profile.no_photo")} <Link to={to("user/media_gallery")}>{t("promotion.profile.gallery_link")}</Link>
          </p>
        ) : !covered ? (
          <div className={ui.stack} data-testid="profile-promotion-insufficient">
            <p>{t("promotion.profile.insufficient", { price: dollars(profile.price.amount) })}</p>
            <p>
              <Link className={ui.buttonSecondary} to={checkoutPath(lang, "dollar")}>
                {t("promotion.buy_dollars")}
              </Link>
            </p>
          </div>
        ) : (
          <Form method="post" className={ui.stack} noValidate>
            <input type="hidden" name="key" value={formKey} />
            {reply ? <FormErrors errors={errorsBesides(reply, FIELDS).map((key) => translateMessage(tCommon, key))} /> : null}
            <TextAreaField
              name="text"
              label={t("promotion.profile.text_label")}
              hint={t("promotion.profile.text_hint", { max: profile.textMax })}
              rows={3}
              maxLength={profile.textMax}
              defaultValue={reply ? inputText(reply, "text") : undefined}
              errors={reply?.fieldErrors.text}
            />
            <fieldset className={css.photoSet} aria-describedby={photoError ? "field-media_id-error" : "field-media_id-hint"}>
              <legend className={ui.label}>{t("promotion.profile.photo_label")}</legend>
              <span id="field-media_id-hint" className={ui.muted}>
                {t("promotion.profile.photo_hint")}
              </span>
              <ul className={css.photoGrid}>
                {profile.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <label className={css.photoChoice}>
                      <input
                        type="radio"
                        name="media_id"
                        value={photo.id}
                        className={ui.choiceControl}
                        defaultChecked={chosen ? chosen === String(photo.id) : index === 0}
                        aria-invalid={photoError ? true : undefined}
                        data-testid="profile-promotion-photo"
                      />
                      <span className={css.photoThumb}>
                        <Picture
                          image={photo.image}
                          className={css.photoImage}
                          alt={t("promotion.profile.photo_alt", { n: index + 1 })}
                          sizes="96px"
                          width={96}
                          height={128}
                        />
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <ErrorLine name="media_id" message={photoError ? translateMessage(tCommon, photoError) : undefined} />
            </fieldset>
            <button className={ui.button} type="submit" data-testid="profile-promotion-submit">
              {t("promotion.profile.submit", { price: dollars(profile.price.amount) })}
            </button>
            <p className={ui.muted}>{t("promotion.profile.confirm", { price: dollars(profile.price.amount), days: profile.days })}</p>
          </Form>
        )}
      </section>
    </>
  );
}
