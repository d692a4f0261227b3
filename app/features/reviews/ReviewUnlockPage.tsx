/**
 * dating/reviews/unlock/{dateId} (item 5, ADR 083): what reading a date's review texts costs and who pays, and the one
 * confirmation that pays it with dollars. After it the page says what it cost and the balance; a wallet that does not
 * cover it gets the error and a link to buying dollars. A refusal's message stands once, in the layout's error summary
 * (ADR 071) right above this card: the page adds only what to do about it (the way to buy dollars) and, for an error of
 * the hidden key, the anchor the summary's line links to.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { Language } from "#server/contract/locales";
import type { ReviewUnlockData } from "~/api/reviews.server";
import * as summaryCss from "~/components/form/error-summary.css";
import { errorAnchorId } from "~/components/form/ErrorLine";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { FormReply } from "~/components/form/reply";
import { usePriceText } from "~/utils/money";
import * as css from "./reviews.css";

export function ReviewUnlockPage({
  info,
  lang,
  from,
  refused,
  paid,
  payKey,
}: {
  info: ReviewUnlockData;
  lang: Language;
  from: string | null;
  /** A refused unlock: its errors, and whether the wallet did not cover it (the page links to buying dollars). */
  refused: (FormReply & { insufficient: boolean }) | null;
  /** The unlock went through: what it cost (null: unlocked before, nothing paid again) and the balance after it. */
  paid: { amount: number; balance: number } | null;
  /** The form's money key (new with every render). */
  payKey: string;
}) {
  const { t } = useTranslation("reviews");
  const price = usePriceText();
  const backLink = from ? (
    <Link className={css.tapLink} to={localePath(lang, `p/${from}/reviews`)} data-testid="unlock-back">
      {t("reviews.unlock.back")}
    </Link>
  ) : null;
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1 style={{ margin: 0 }}>{t("reviews.unlock.title")}</h1>
        {paid ? (
          <p className={ui.notice} role="status" data-testid="unlock-paid">
            {t("reviews.unlock.paid", {
              price: price({ amount: paid.amount, currency: "dollar" }),
              balance: price({ amount: paid.balance, currency: "dollar" }),
            })}
          </p>
        ) : null}
        {!paid ? <p>{t("reviews.unlock.intro")}</p> : null}
        {info.unlocked ? (
          // Just paid: the notice above says it already.
          paid ? null : (
            <p className={ui.notice} role="status" data-testid="unlock-free">
              {t("reviews.unlock.unlocked")}
            </p>
          )
        ) : (
          <>
            <p data-testid="unlock-price">{t("reviews.unlock.price", { price: price({ amount: info.price, currency: info.currency }) })}</p>
            {!info.payable && !refused ? <p className={ui.muted}>{t("reviews.unlock.not_payable")}</p> : null}
            {refused
              ? Object.keys(refused.fieldErrors).map((field) => (
                  <span key={field} id={errorAnchorId(field)} className={summaryCss.anchor} />
                ))
              : null}
            {refused?.insufficient ? (
              <p style={{ margin: 0 }}>
                <Link className={ui.buttonSecondary} to={checkoutPath(lang, "dollar")} data-testid="buy-dollars">
                  {t("reviews.unlock.buy_dollars")}
                </Link>
              </p>
            ) : null}
            <Form method="post">
              <input type="hidden" name="key" value={payKey} />
              <button type="submit" className={ui.button} data-testid="unlock-submit">
                {t("reviews.unlock.submit_price", { price: price({ amount: info.price, currency: info.currency }) })}
              </button>
            </Form>
          </>
        )}
        {backLink}
      </div>
    </main>
  );
}
