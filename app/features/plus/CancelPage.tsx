/** user/membership/cancel, the page: when plus ends, the optional survey, the cancellation offer, and the button. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import { CANCELLATION_REASONS, SURVEY_COMMENT_MAX } from "#server/contract/plus";
import { plusPackageTitleKey } from "#server/contract/plus-packages";
import type { PlusPackagesData } from "~/api/plus.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import type { FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./plus.css";

export function CancelPage({
  title,
  endsAt,
  offer,
  reply,
}: {
  title: string;
  endsAt: number;
  offer: PlusPackagesData["packages"];
  reply: FormReply | null;
}) {
  const { t } = useTranslation("plus");
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const sent = reply?.input.reasons;
  const chosen = new Set(Array.isArray(sent) ? sent.map(String) : typeof sent === "string" ? [sent] : []);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link to={to("user/membership")}>{t("plus.cancel.back")}</Link>
        <h1>{title}</h1>
        <p data-testid="plus-cancel-end">{t("plus.cancel.intro", { date: formatCalendarDate(homeDayOf(endsAt), lang) })}</p>
        {reply ? <FormErrors errors={reply.formErrors} /> : null}
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          <fieldset className={css.fieldset}>
            <legend className={ui.label}>{t("plus.cancel.survey_heading")}</legend>
            {CANCELLATION_REASONS.map((reason) => (
              <label key={reason} className={ui.checkboxRow}>
                <input type="checkbox" name="reasons" value={reason} defaultChecked={chosen.has(reason)} />
                <span>{t(`plus.cancel.reasons.${reason}`)}</span>
              </label>
            ))}
          </fieldset>
          <TextAreaField
            name="comment"
            label={t("plus.cancel.comment_label")}
            maxLength={SURVEY_COMMENT_MAX}
            rows={3}
            defaultValue={typeof reply?.input.comment === "string" ? reply.input.comment : ""}
            errors={reply?.fieldErrors.comment ?? []}
          />
          <div className={ui.row}>
            <button className={ui.button} type="submit" data-testid="plus-cancel-submit">
              {t("plus.cancel.submit")}
            </button>
          </div>
        </Form>
        {offer.map((pkg) => (
          <section key={pkg.id} className={`${ui.card} ${ui.stack}`} data-testid="plus-cancel-offer">
            <h2>{t("plus.cancel.offer_heading")}</h2>
            <p>
              {t("plus.cancel.offer_text", {
                title: t(plusPackageTitleKey(pkg)),
                price: price({ amount: pkg.grossCents, currency: "EUR" }),
              })}
            </p>
            <p>
              <Link className={ui.buttonSecondary} to={checkoutPath(lang, "membership", pkg.id)}>
                {t("plus.cancel.offer_buy")}
              </Link>
            </p>
          </section>
        ))}
      </div>
    </main>
  );
}
