/**
 * dating/reviews/unlock/{dateId} (item 5): what reading a date's review texts costs and who pays. The price and the
 * rule are real; paying arrives with the wallet, so the form's post answers the one "payment required" outcome (402,
 * ADR 061), which the page shows with the product and its price.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { ReviewUnlockData } from "~/api/reviews.server";
import { FormErrors } from "~/components/Field";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { allErrors, type FormReply } from "~/components/form/reply";
import { usePriceText } from "~/utils/money";
import * as css from "./reviews.css";

export function ReviewUnlockPage({
  info,
  lang,
  from,
  refused,
}: {
  info: ReviewUnlockData;
  lang: Language;
  from: string | null;
  refused: FormReply | null;
}) {
  const { t } = useTranslation("reviews");
  const price = usePriceText();
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1 style={{ margin: 0 }}>{t("reviews.unlock.title")}</h1>
        <p>{t("reviews.unlock.intro")}</p>
        {info.unlocked ? (
          <p className={ui.notice} role="status" data-testid="unlock-free">
            {t("reviews.unlock.unlocked")}
          </p>
        ) : (
          <>
            <p data-testid="unlock-price">{t("reviews.unlock.price", { price: price({ amount: info.price, currency: info.currency }) })}</p>
            {/* After a refused post the alert says it, with the product and its price. */}
            {!info.payable && !refused ? <p className={ui.muted}>{t("reviews.unlock.not_payable")}</p> : null}
            <FormErrors errors={refused ? allErrors(refused) : []} />
            <Form method="post">
              <button type="submit" className={ui.button}>
                {t("reviews.unlock.submit")}
              </button>
            </Form>
          </>
        )}
        {from ? (
          <Link className={css.tapLink} to={localePath(lang, `p/${from}/reviews`)}>
            {t("reviews.unlock.back")}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
